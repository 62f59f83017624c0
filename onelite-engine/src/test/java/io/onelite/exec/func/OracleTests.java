package io.onelite.exec.func;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/** A differential test class of functions: a fresh native oracle per test, and the count checked printed after it. */
abstract class OracleTests {
    FunctionOracle oracle;

    @BeforeEach
    void openOracle() {
        oracle = new FunctionOracle();
    }

    @AfterEach
    void closeOracle() {
        System.out.println(getClass().getSimpleName() + ": " + oracle.checked + " checked");
        oracle.close();
    }
}
