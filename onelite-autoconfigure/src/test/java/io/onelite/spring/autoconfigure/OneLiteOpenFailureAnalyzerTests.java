package io.onelite.spring.autoconfigure;

import java.sql.SQLException;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.BeanCreationException;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

class OneLiteOpenFailureAnalyzerTests {

    @Test
    void cantOpenNamesTheFileAndTheProperty() {
        MockEnvironment env = new MockEnvironment().withProperty("onelite.path", "/no/such/dir/app.db");
        Throwable failure = new BeanCreationException("dataSource",
                new RuntimeException("pool", new SQLException("unable to open database file", null, 14)));
        FailureAnalysis analysis = new OneLiteOpenFailureAnalyzer(env).analyze(failure);
        assertThat(analysis).isNotNull();
        assertThat(analysis.getDescription()).contains("/no/such/dir/app.db").contains("onelite.path")
                .contains("unable to open database file");
        assertThat(analysis.getAction()).contains("onelite.path");
    }

    @Test
    void aSpringDatasourceUrlIsNamedWhenItChoseTheFile() {
        MockEnvironment env = new MockEnvironment().withProperty("spring.datasource.url", "jdbc:onelite:/x/y.db?synchronous=off");
        FailureAnalysis analysis = new OneLiteOpenFailureAnalyzer(env)
                .analyze(new SQLException("unable to open database file: /x/y.db"));
        assertThat(analysis.getDescription()).contains("/x/y.db").contains("spring.datasource.url");
    }

    @Test
    void otherFailuresAreLeftToOtherAnalyzers() {
        assertThat(new OneLiteOpenFailureAnalyzer(new MockEnvironment())
                .analyze(new SQLException("no such table: t", null, 1))).isNull();
    }
}
