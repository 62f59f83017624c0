package io.onelite.spring.autoconfigure;

import io.onelite.spring.OneLiteDataSources;

import org.springframework.boot.autoconfigure.condition.ConditionMessage;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Matches unless {@code spring.datasource.url} names another database: OneLite configures the
 * data source when no URL is set (it then opens {@code onelite.path}) or the URL is
 * {@code jdbc:onelite:...}.
 */
class OnOneLiteUrlCondition extends SpringBootCondition {

    @Override
    public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
        ConditionMessage.Builder message = ConditionMessage.forCondition("OneLite URL");
        String url = context.getEnvironment().getProperty("spring.datasource.url");
        if (url == null || url.isBlank()) {
            return ConditionOutcome.match(message.because("spring.datasource.url is not set: onelite.path is used"));
        }
        if (OneLiteDataSources.isOneLiteUrl(url)) {
            return ConditionOutcome.match(message.because("spring.datasource.url is a jdbc:onelite: URL"));
        }
        return ConditionOutcome.noMatch(message.because("spring.datasource.url names another database: " + url));
    }
}
