package io.onelite.it;

import liquibase.Contexts;
import liquibase.LabelExpression;
import liquibase.Liquibase;
import liquibase.Scope;
import liquibase.UpdateSummaryOutputEnum;
import liquibase.changelog.ChangeSet;
import liquibase.changelog.ChangeSetStatus;
import liquibase.changelog.RanChangeSet;
import liquibase.command.CommandScope;
import liquibase.command.core.HistoryCommandStep;
import liquibase.command.core.helpers.DbUrlConnectionArgumentsCommandStep;
import liquibase.database.Database;
import liquibase.database.DatabaseFactory;
import liquibase.database.core.SQLiteDatabase;
import liquibase.database.jvm.JdbcConnection;
import liquibase.diff.DiffGeneratorFactory;
import liquibase.diff.DiffResult;
import liquibase.diff.Difference;
import liquibase.diff.compare.CompareControl;
import liquibase.resource.ClassLoaderResourceAccessor;
import liquibase.snapshot.DatabaseSnapshot;
import liquibase.snapshot.SnapshotControl;
import liquibase.snapshot.SnapshotGeneratorFactory;
import liquibase.structure.core.Column;
import liquibase.structure.core.ForeignKey;
import liquibase.structure.core.Index;
import liquibase.structure.core.Table;
import liquibase.ui.LoggerUIService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.jdbc.core.JdbcTemplate;

import javax.sql.DataSource;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A Liquibase changelog (db/changelog/library.yaml: two tables with a foreign key, a unique
 * constraint and an index, seed rows, then an added column) applied, applied again, inspected
 * through status, history and a snapshot, and its last changeSet rolled back.
 */
class LiquibaseTests {
    private static final String CHANGELOG = "db/changelog/library.yaml";
    /** Held so the level sticks: Liquibase logs every change set at INFO through java.util.logging. */
    private static final Logger LIQUIBASE_LOG = Logger.getLogger("liquibase");

    static {
        LIQUIBASE_LOG.setLevel(Level.WARNING);
    }

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {Databases.NATIVE, Databases.ONELITE})
    void changelogAppliesOnceReportsItsHistoryAndRollsBack(String kind) throws Exception {
        DataSource ds = Databases.dataSource(kind, dir);
        JdbcTemplate jdbc = new JdbcTemplate(ds);

        withLiquibase(ds, (liquibase, database) -> {
            assertThat(database).isInstanceOf(SQLiteDatabase.class);
            assertThat(liquibase.listUnrunChangeSets(new Contexts(), new LabelExpression()))
                    .extracting(ChangeSet::getId).containsExactly("1-tables", "2-seed", "3-isbn");
            liquibase.update(new Contexts(), new LabelExpression());
        });
        assertThat(jdbc.queryForList("SELECT v.title, v.isbn FROM volume v JOIN shelf s ON s.id = v.shelf_id ORDER BY s.label"))
                .containsExactly(row("title", "Invisible Cities", "isbn", "978-0156453806"),
                        row("title", "Leaves of Grass", "isbn", null));

        withLiquibase(ds, (liquibase, database) -> {
            assertThat(liquibase.listUnrunChangeSets(new Contexts(), new LabelExpression())).isEmpty();
            liquibase.update(new Contexts(), new LabelExpression());
            assertThat(liquibase.getChangeSetStatuses(new Contexts(), new LabelExpression()))
                    .extracting(ChangeSetStatus::getWillRun).containsExactly(false, false, false);
            assertThat(database.getRanChangeSetList()).extracting(RanChangeSet::getId)
                    .containsExactly("1-tables", "2-seed", "3-isbn");
            assertThat(history(database).lines().filter(l -> l.contains("db/changelog/library.yaml")))
                    .hasSize(3).allMatch(l -> l.contains("| onelite "));
        });
        assertThat(jdbc.queryForObject("SELECT count(*) FROM databasechangelog", Integer.class)).isEqualTo(3);
        assertThat(jdbc.queryForObject("SELECT count(*) FROM volume", Integer.class)).isEqualTo(2);

        withLiquibase(ds, (liquibase, database) -> {
            liquibase.rollback(1, null, new Contexts(), new LabelExpression());
            assertThat(liquibase.listUnrunChangeSets(new Contexts(), new LabelExpression()))
                    .extracting(ChangeSet::getId).containsExactly("3-isbn");
        });
        assertThat(jdbc.queryForList("SELECT name FROM pragma_table_info('volume') ORDER BY cid", String.class))
                .containsExactly("id", "shelf_id", "title");
        assertThat(jdbc.queryForList("SELECT title FROM volume ORDER BY title", String.class))
                .containsExactly("Invisible Cities", "Leaves of Grass");
        assertThat(jdbc.queryForObject("SELECT count(*) FROM databasechangelog", Integer.class)).isEqualTo(2);
    }

    @ParameterizedTest
    @ValueSource(strings = {Databases.NATIVE, Databases.ONELITE})
    void snapshotReadsTablesColumnsKeysAndIndexes(String kind) throws Exception {
        DataSource ds = Databases.dataSource(kind, dir);
        withLiquibase(ds, (liquibase, database) -> {
            liquibase.update(new Contexts(), new LabelExpression());
            DatabaseSnapshot snapshot = SnapshotGeneratorFactory.getInstance()
                    .createSnapshot(database.getDefaultSchema(), database, new SnapshotControl(database));

            Table volume = table(snapshot, "volume");
            assertThat(volume).isNotNull();
            assertThat(volume.getColumns()).extracting(Column::getName)
                    .containsExactly("id", "shelf_id", "title", "isbn");
            assertThat(volume.getColumn("shelf_id").isNullable()).isFalse();
            assertThat(volume.getColumn("title").getType().getTypeName()).isEqualToIgnoringCase("VARCHAR");
            assertThat(volume.getPrimaryKey().getColumnNames()).isEqualToIgnoringCase("id");
            assertThat(volume.getOutgoingForeignKeys()).singleElement().satisfies(fk -> {
                assertThat(fk.getName()).isEqualTo("fk_volume_shelf");
                assertThat(fk.getPrimaryKeyTable().getName()).isEqualToIgnoringCase("shelf");
                assertThat(fk.getForeignKeyColumns()).extracting(Column::getName).containsExactly("shelf_id");
                assertThat(fk.getPrimaryKeyColumns()).extracting(Column::getName).containsExactly("id");
            });
            assertThat(volume.getIndexes()).extracting(Index::getName).contains("idx_volume_title");
            Index title = volume.getIndexes().stream().filter(i -> i.getName().equals("idx_volume_title"))
                    .findFirst().orElseThrow();
            assertThat(title.getColumns()).extracting(Column::getName).containsExactly("title");
            assertThat(title.isUnique()).isFalse();

            Table shelf = table(snapshot, "shelf");
            assertThat(shelf.getColumns()).extracting(Column::getName).containsExactly("id", "label");
            assertThat(snapshot.get(ForeignKey.class)).hasSize(1);
        });
    }

    /**
     * Liquibase's diff of the two databases after the same changelog: the same tables, columns,
     * keys, indexes and unique constraints. The one difference is sqlite-jdbc's: it calls every
     * foreign key DEFERRABLE INITIALLY DEFERRED.
     */
    @Test
    void diffOfNativeAndOneLiteFindsTheSameSchema() throws Exception {
        DataSource reference = Databases.dataSource(Databases.NATIVE, dir);
        DataSource target = Databases.dataSource(Databases.ONELITE, dir);
        for (DataSource ds : List.of(reference, target)) {
            withLiquibase(ds, (liquibase, database) -> liquibase.update(new Contexts(), new LabelExpression()));
        }
        try (Connection r = reference.getConnection(); Connection t = target.getConnection()) {
            DiffResult diff = DiffGeneratorFactory.getInstance().compare(snapshot(r), snapshot(t), CompareControl.STANDARD);
            assertThat(diff.getMissingObjects()).isEmpty();
            assertThat(diff.getUnexpectedObjects()).isEmpty();
            assertThat(diff.getChangedObjects()).allSatisfy((object, differences) -> {
                assertThat(object).isInstanceOf(ForeignKey.class);
                assertThat(differences.getDifferences()).extracting(Difference::getField)
                        .containsExactlyInAnyOrder("deferrable", "initiallyDeferred");
            });
        }
    }

    /**
     * A table rebuilt by Liquibase (it adds a default on SQLite by copying the table into one it
     * writes from its snapshot), renames, a view, and a rollback to a tag leave the same schema
     * text as on native SQLite: constraint names, columns and indexes all survive the rebuild.
     */
    @Test
    void rebuildsRenamesAndRollbackToTagLeaveTheSchemaNativeSqliteHas() throws Exception {
        DataSource reference = Databases.dataSource(Databases.NATIVE, dir);
        DataSource target = Databases.dataSource(Databases.ONELITE, dir);
        for (DataSource ds : List.of(reference, target)) {
            withLiquibase(ds, "db/changelog/library-rework.yaml",
                    (liquibase, database) -> liquibase.update(new Contexts(), new LabelExpression()));
        }
        assertThat(schemaText(target)).isEqualTo(schemaText(reference))
                .contains("table volume: CREATE TABLE volume (id INTEGER CONSTRAINT PK_VOLUME PRIMARY KEY AUTOINCREMENT NOT NULL,"
                        + " shelf_id INTEGER NOT NULL, name VARCHAR(200) NOT NULL, isbn VARCHAR(20) DEFAULT 'unknown',"
                        + " CONSTRAINT fk_volume_shelf FOREIGN KEY (shelf_id) REFERENCES \"bookcase\"(id))");
        assertThat(new JdbcTemplate(target).queryForList("SELECT label || ':' || name FROM shelf_volume ORDER BY 1",
                String.class)).containsExactly("fiction:Invisible Cities", "poetry:Leaves of Grass");

        for (DataSource ds : List.of(reference, target)) {
            withLiquibase(ds, "db/changelog/library-rework.yaml",
                    (liquibase, database) -> liquibase.rollback("v1", new Contexts(), new LabelExpression()));
        }
        assertThat(schemaText(target)).isEqualTo(schemaText(reference))
                .contains("index idx_volume_title: CREATE INDEX idx_volume_title ON volume(title)").noneMatch(sql -> sql.contains("bookcase"));
    }

    private static List<String> schemaText(DataSource ds) {
        return new JdbcTemplate(ds).queryForList(
                "SELECT type || ' ' || name || ': ' || coalesce(sql, '') FROM sqlite_schema ORDER BY type, name", String.class);
    }

    private static DatabaseSnapshot snapshot(Connection connection) throws Exception {
        Database database = DatabaseFactory.getInstance().findCorrectDatabaseImplementation(new JdbcConnection(connection));
        return SnapshotGeneratorFactory.getInstance()
                .createSnapshot(database.getDefaultSchema(), database, new SnapshotControl(database));
    }

    private static Table table(DatabaseSnapshot snapshot, String name) {
        return snapshot.get(Table.class).stream().filter(t -> t.getName().equalsIgnoreCase(name))
                .findFirst().orElseThrow(() -> new AssertionError("no table " + name + " in " + snapshot.get(Table.class)));
    }

    private static Map<String, Object> row(String k1, Object v1, String k2, Object v2) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put(k1, v1);
        row.put(k2, v2);
        return row;
    }

    /** What {@code liquibase history} prints. */
    private static String history(Database database) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new CommandScope(HistoryCommandStep.COMMAND_NAME)
                .addArgumentValue(DbUrlConnectionArgumentsCommandStep.DATABASE_ARG, database)
                .setOutput(out)
                .execute();
        return out.toString(StandardCharsets.UTF_8);
    }

    private interface LiquibaseWork {
        void run(Liquibase liquibase, Database database) throws Exception;
    }

    private static void withLiquibase(DataSource ds, LiquibaseWork work) throws Exception {
        withLiquibase(ds, CHANGELOG, work);
    }

    private static void withLiquibase(DataSource ds, String changelog, LiquibaseWork work) throws Exception {
        try (Connection connection = ds.getConnection()) {
            Database database = DatabaseFactory.getInstance()
                    .findCorrectDatabaseImplementation(new JdbcConnection(connection));
            Map<String, Object> scope = Map.of(Scope.Attr.resourceAccessor.name(), new ClassLoaderResourceAccessor(),
                    Scope.Attr.ui.name(), new LoggerUIService());
            Scope.child(scope, () -> {
                Liquibase liquibase = new Liquibase(changelog, new ClassLoaderResourceAccessor(), database);
                liquibase.setShowSummaryOutput(UpdateSummaryOutputEnum.LOG);
                work.run(liquibase, database);
            });
        }
    }
}
