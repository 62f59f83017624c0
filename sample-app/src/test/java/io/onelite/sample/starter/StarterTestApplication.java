package io.onelite.sample.starter;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Import;

/** Just the starter's auto-configuration and the services under test (no sample app beans). */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import(StarterServices.class)
class StarterTestApplication {
}
