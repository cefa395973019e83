package dev.loupe.checkpoint;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Applies the dialect's ordered scripts {@code V<n>__name.sql}, listed in {@code migrations.txt}, that
 * {@code schema_version} does not record yet. A script is read from the dialect's folder, else from
 * {@code db/shared/}, which keeps once the scripts both dialects run unchanged. It runs inside the
 * caller's write transaction, after taking the schema lock, so two processes opening a new database
 * at once apply each script once: the second waits for the first and then finds the versions recorded.
 */
final class SchemaMigrator {

    private static final Pattern SCRIPT_NAME = Pattern.compile("V(\\d+)__[A-Za-z0-9_]+\\.sql");
    private static final String SCHEMA_LOCK = "loupe.schema";
    private static final String SHARED_FOLDER = "db/shared/";

    private final Dialect dialect;

    SchemaMigrator(Dialect dialect) {
        this.dialect = dialect;
    }

    /** Applies the missing scripts and returns their names, in order. */
    List<String> migrate(Connection connection) throws SQLException {
        dialect.lockKey(connection, SCHEMA_LOCK);
        try (Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE IF NOT EXISTS schema_version ("
                    + "version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)");
        }
        Set<Integer> done = appliedVersions(connection);
        List<String> applied = new ArrayList<>();
        for (String script : scripts()) {
            int version = versionOf(script);
            if (done.contains(version)) {
                continue;
            }
            try (Statement statement = connection.createStatement()) {
                for (String sql : statements(read(scriptResource(script)))) {
                    statement.execute(sql);
                }
            }
            try (PreparedStatement record = connection.prepareStatement(
                    "INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?) "
                            + "ON CONFLICT (version) DO NOTHING")) {
                record.setInt(1, version);
                record.setString(2, script);
                record.setLong(3, System.currentTimeMillis());
                record.executeUpdate();
            }
            applied.add(script);
        }
        return List.copyOf(applied);
    }

    private static Set<Integer> appliedVersions(Connection connection) throws SQLException {
        Set<Integer> versions = new HashSet<>();
        try (Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT version FROM schema_version")) {
            while (rows.next()) {
                versions.add(rows.getInt(1));
            }
        }
        return versions;
    }

    /** The script names of the index, checked to be well named and strictly increasing. */
    List<String> scripts() {
        List<String> names = new ArrayList<>();
        int previous = 0;
        for (String line : read(dialect.migrationFolder() + "migrations.txt").split("\n")) {
            String name = line.strip();
            if (name.isEmpty() || name.startsWith("#")) {
                continue;
            }
            int version = versionOf(name);
            if (version <= previous) {
                throw new IllegalStateException("Migration " + name + " is out of order in "
                        + dialect.migrationFolder() + "migrations.txt");
            }
            previous = version;
            names.add(name);
        }
        return names;
    }

    private static int versionOf(String script) {
        Matcher matcher = SCRIPT_NAME.matcher(script);
        if (!matcher.matches()) {
            throw new IllegalStateException("Migration script name " + script + " is not V<n>__name.sql");
        }
        return Integer.parseInt(matcher.group(1));
    }

    /** Splits a script on the semicolons that end a line; scripts hold no procedural bodies. */
    static List<String> statements(String script) {
        StringBuilder code = new StringBuilder();
        for (String line : script.split("\n")) {
            String stripped = line.strip();
            if (!stripped.startsWith("--")) {
                code.append(line).append('\n');
            }
        }
        List<String> statements = new ArrayList<>();
        for (String part : code.toString().split(";\\s*\n")) {
            String sql = part.strip();
            if (sql.endsWith(";")) {
                sql = sql.substring(0, sql.length() - 1);
            }
            if (!sql.isEmpty()) {
                statements.add(sql);
            }
        }
        return statements;
    }

    /** The script's own resource in the dialect's folder, else its shared one. */
    private String scriptResource(String script) {
        String own = dialect.migrationFolder() + script;
        return SchemaMigrator.class.getClassLoader().getResource(own) != null ? own : SHARED_FOLDER + script;
    }

    private static String read(String resource) {
        try (InputStream in = SchemaMigrator.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("Missing migration resource " + resource);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("\r\n", "\n");
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read migration resource " + resource, e);
        }
    }
}
