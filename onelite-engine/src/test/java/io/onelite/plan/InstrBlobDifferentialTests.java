package io.onelite.plan;

import org.junit.jupiter.api.Test;

import static io.onelite.plan.ScenarioTests.run;

/**
 * Against native SQLite: instr() of a BLOB and a value that is not one reads both as text, the
 * BLOB's bytes unchecked as UTF-8, and counts characters by stepping over continuation bytes
 * (ScalarFunctionDifferentialTests seed 900202: instr(X'6F588330BE', 0) is 3, the stray 0x83
 * belonging to the 'X' before it; OneLite decoded the BLOB, made 0x83 a character and said 4).
 */
class InstrBlobDifferentialTests {
    @Test
    void aBlobAndATextAreSearchedAsSqlitesBytes() throws Exception {
        run("SELECT instr(X'6F588330BE', 0), instr(X'6F588330BE', '0'), instr('ab0', X'30'), instr(X'C3A930', 0)",
                "SELECT instr(X'80808030', 0), instr(X'30808030', '0'), instr(X'', 0), instr(X'30', ''), instr('', X'')",
                "SELECT instr(X'E282AC41', 'A'), instr('€A', X'41'), instr(X'F09F988041', 'A'), instr(X'41FF42', 'B')",
                "SELECT instr(X'4142', 4.5), instr(X'342E35', 4.5), instr(1234, X'33'), instr(X'00313233', 12),"
                        + " instr(X'0102', X'02'), instr('abc', 'c'), instr('a€b😀c', 'c')");
    }
}
