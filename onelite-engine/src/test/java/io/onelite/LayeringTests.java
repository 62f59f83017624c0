package io.onelite;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * The engine's layers call only downward (DESIGN.md section 2, docs/architecture.md):
 * tools, jdbc, api, plan, exec, catalog, tx, btree, pager, wal, os, from top to bottom.
 * {@code sql} (parser and AST) depends on no other layer; {@code common} is used by all.
 */
class LayeringTests {

    /** Top to bottom. A layer may use any layer after it in this list. */
    static final List<String> LAYERS = List.of(
            "tools", "jdbc", "api", "plan", "exec", "catalog", "tx", "btree", "pager", "wal", "os");

    /** Layers that may use the parser and its AST. */
    static final List<String> SQL_USERS = List.of("tools", "jdbc", "api", "plan", "exec", "catalog");

    static final JavaClasses ENGINE = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.onelite");

    @Test
    void eachLayerCallsOnlyLayersBelowIt() {
        for (int i = 0; i < LAYERS.size(); i++) {
            List<String> above = new ArrayList<>(LAYERS.subList(0, i));
            if (!SQL_USERS.contains(LAYERS.get(i))) {
                above.add("sql");
            }
            if (above.isEmpty()) {
                continue;
            }
            noClasses().that().resideInAPackage("io.onelite." + LAYERS.get(i) + "..")
                    .should().dependOnClassesThat().resideInAnyPackage(
                            above.stream().map(p -> "io.onelite." + p + "..").toArray(String[]::new))
                    .allowEmptyShould(true)
                    .check(ENGINE);
        }
    }

    @Test
    void sqlFrontEndDependsOnNoOtherLayer() {
        noClasses().that().resideInAPackage("io.onelite.sql..")
                .should().dependOnClassesThat().resideInAnyPackage(
                        LAYERS.stream().map(p -> "io.onelite." + p + "..").toArray(String[]::new))
                .allowEmptyShould(true)
                .check(ENGINE);
    }

    @Test
    void commonPackageDependsOnNothingInTheEngine() {
        List<String> all = new ArrayList<>(LAYERS);
        all.add("sql");
        noClasses().that().resideInAPackage("io.onelite.common..")
                .should().dependOnClassesThat().resideInAnyPackage(
                        all.stream().map(p -> "io.onelite." + p + "..").toArray(String[]::new))
                .check(ENGINE);
    }
}
