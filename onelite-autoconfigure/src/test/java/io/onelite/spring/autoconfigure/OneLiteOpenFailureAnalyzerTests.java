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
    void aFolderThatCannotBeCreatedIsExplained(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path notAFolder = java.nio.file.Files.createFile(dir.resolve("plain-file"));
        String url = "jdbc:onelite:" + notAFolder.resolve("app.db");
        Throwable failure = org.assertj.core.api.Assertions.catchThrowable(() -> OneLiteUrl.createFolder(url));
        MockEnvironment env = new MockEnvironment().withProperty("onelite.path", notAFolder.resolve("app.db").toString());
        FailureAnalysis analysis = new OneLiteOpenFailureAnalyzer(env).analyze(new BeanCreationException("dataSource", failure));
        assertThat(analysis).isNotNull();
        assertThat(analysis.getDescription()).contains("plain-file").contains("onelite.path");
    }

    @Test
    void otherFailuresAreLeftToOtherAnalyzers() {
        assertThat(new OneLiteOpenFailureAnalyzer(new MockEnvironment())
                .analyze(new SQLException("no such table: t", null, 1))).isNull();
    }
}
