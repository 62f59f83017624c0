/**
 * The sample app: the BEGIN CONCURRENT recipe as a Spring Boot application ({@link
 * io.onelite.sample.Demo}), an orders service with {@code @ConcurrentTransactional}, and a small
 * REST API with a commit-ordered feed.
 */
package io.onelite.sample;
