package io.onelite.sample;

import java.util.Arrays;
import java.util.List;

import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

/**
 * The sample app. Without arguments (or with {@code demo}) it runs {@link Demo} with the recipe's
 * numbers, prints what it shows and exits. With {@code --serve} it serves the REST API of
 * {@link OrderController} until stopped (add {@code demo} to run the demo first).
 */
@SpringBootApplication
public class SampleApplication {

    public static void main(String[] args) {
        List<String> list = Arrays.asList(args);
        boolean serve = list.contains("--serve");
        SpringApplication app = new SpringApplication(SampleApplication.class);
        if (!serve) {
            app.setWebApplicationType(WebApplicationType.NONE);
        }
        ConfigurableApplicationContext context = app.run(args);
        if (!serve) {
            System.exit(SpringApplication.exit(context));
        }
    }

    /** Runs the demo unless only {@code --serve} was asked for; {@code sample.demo.enabled=false} turns it off. */
    @Bean
    @ConditionalOnProperty(name = "sample.demo.enabled", matchIfMissing = true)
    ApplicationRunner demoRunner(Demo demo) {
        return (ApplicationArguments args) -> {
            if (runsDemo(args)) {
                demo.run(Demo.Settings.RECIPE, System.out);
            }
        };
    }

    /** The demo runs without arguments or with {@code demo}; {@code --serve} alone only serves. */
    static boolean runsDemo(ApplicationArguments args) {
        return !args.containsOption("serve") || args.getNonOptionArgs().contains("demo");
    }
}
