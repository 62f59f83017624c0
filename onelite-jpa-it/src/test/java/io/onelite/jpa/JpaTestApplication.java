package io.onelite.jpa;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The application under test: entities, repositories and services of this package on the starter. */
@SpringBootApplication
class JpaTestApplication {
}
