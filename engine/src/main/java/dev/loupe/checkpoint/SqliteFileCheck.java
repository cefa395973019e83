package dev.loupe.checkpoint;

import dev.loupe.core.Causes;
import dev.loupe.core.LoupeException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Properties;

/**
 * Refuses a SQLite store path Loupe must not touch, before anything is created: a folder, a file
 * that is not a SQLite database, or another application's database. Opening such a path would write
 * WAL files and an artefact folder beside it, or add Loupe's tables to someone else's data. (A
 * missing folder is the caller's to judge: the library creates it, the command line refuses it.)
 */
final class SqliteFileCheck {

    private static final byte[] MAGIC = "SQLite format 3\0".getBytes(StandardCharsets.US_ASCII);

    private SqliteFileCheck() {
    }

    /** @throws LoupeException BAD_INPUT naming the file and what to do */
    static void check(Path file) {
        if (Files.isDirectory(file)) {
            throw LoupeException.badInput(file + " is a folder; the store is a database file, e.g. "
                    + file.resolve("loupe.db"));
        }
        if (!Files.isRegularFile(file) || size(file) == 0) {
            return;
        }
        if (!startsWithMagic(file)) {
            throw LoupeException.badInput(file + " is not a Loupe database (not a SQLite file); give the store "
                    + "a new file name or an existing Loupe store");
        }
        if (isForeign(file)) {
            throw LoupeException.badInput(file + " is another application's SQLite database (it has no Loupe "
                    + "tables); give the store a new file name or an existing Loupe store");
        }
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw LoupeException.badInput(file + ": cannot read the store (" + Causes.of(e) + ")");
        }
    }

    private static boolean startsWithMagic(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return Arrays.equals(in.readNBytes(MAGIC.length), MAGIC);
        } catch (IOException e) {
            throw LoupeException.badInput(file + ": cannot read the store (" + Causes.of(e) + ")");
        }
    }

    /** True when the database has tables and none is Loupe's schema_version. Opened read-only. */
    private static boolean isForeign(Path file) {
        Properties readOnly = new Properties();
        readOnly.setProperty("open_mode", "1"); // SQLITE_OPEN_READONLY
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file, readOnly);
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery(
                     "SELECT count(*), sum(name = 'schema_version') FROM sqlite_master WHERE type = 'table'")) {
            return rows.next() && rows.getLong(1) > 0 && rows.getLong(2) == 0;
        } catch (SQLException e) {
            throw LoupeException.badInput(file + " is not a Loupe database (" + firstLine(e.getMessage()) + ")");
        }
    }

    private static String firstLine(String text) {
        if (text == null) {
            return "it cannot be read";
        }
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline);
    }
}
