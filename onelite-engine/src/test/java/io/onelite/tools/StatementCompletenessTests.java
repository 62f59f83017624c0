package io.onelite.tools;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class StatementCompletenessTests {

    @Test
    void aSemicolonOutsideQuotesAndCommentsCompletes() {
        assertThat(StatementCompleteness.isComplete("SELECT 1;")).isTrue();
        assertThat(StatementCompleteness.isComplete("SELECT 1")).isFalse();
        assertThat(StatementCompleteness.isComplete("SELECT ';'")).isFalse();
        assertThat(StatementCompleteness.isComplete("SELECT 'it''s;'")).isFalse();
        assertThat(StatementCompleteness.isComplete("SELECT \"a;b\" FROM t;")).isTrue();
        assertThat(StatementCompleteness.isComplete("SELECT 1; -- done")).isTrue();
        assertThat(StatementCompleteness.isComplete("SELECT 1 /* ; */")).isFalse();
        assertThat(StatementCompleteness.isComplete("SELECT 1; /* open")).isFalse();
        assertThat(StatementCompleteness.isComplete(";")).isTrue();
    }

    @Test
    void triggersEndAtEndSemicolon() {
        String t = "CREATE TRIGGER tr AFTER INSERT ON t BEGIN INSERT INTO u VALUES(1);";
        assertThat(StatementCompleteness.isComplete(t)).isFalse();
        assertThat(StatementCompleteness.isComplete(t + " END;")).isTrue();
        assertThat(StatementCompleteness.isComplete("CREATE TEMP TRIGGER tr AFTER INSERT ON t BEGIN SELECT 1; END;")).isTrue();
        assertThat(StatementCompleteness.isComplete("CREATE TABLE t(a); CREATE TRIGGER x")).isFalse();
    }
}
