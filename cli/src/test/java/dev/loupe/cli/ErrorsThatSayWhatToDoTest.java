package dev.loupe.cli;

import dev.loupe.testing.TestImages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The one-line errors of the real command line for mistakes a user makes: each names what is wrong
 * and what to do, exits 2 (or 3 for a service that is down), carries no Java class name, and leaves
 * nothing behind.
 */
class ErrorsThatSayWhatToDoTest {

    @TempDir
    Path dir;

    private static void assertOneLineWithoutJava(String err) {
        List<String> lines = err.lines().filter(line -> !line.isBlank()).toList();
        assertEquals(1, lines.size(), err);
        assertFalse(err.matches("(?s).*(Exception|java\\.|\\tat ).*"), err);
    }

    private List<Path> everythingIn(Path folder) throws Exception {
        try (var files = Files.list(folder)) {
            return files.sorted().toList();
        }
    }

    @Test
    void a_remote_model_without_an_api_key_is_refused_before_any_request() throws Exception {
        Path image = TestImages.drawn(dir, "a.png", "png", 64, 48);

        CliRun run = CliRun.withEnvironment(Map.of(), "analyze", image.toString(), "--model", "gpt-4o-mini",
                "--base-url", "https://api.openai.com/v1");

        assertEquals(2, run.exitCode(), run.err());
        assertEquals("loupe: no API key for https://api.openai.com/v1: set LOUPE_API_KEY or OPENAI_API_KEY", run.err().strip());
    }

    @Test
    void a_local_server_needs_no_key_and_a_refused_connection_is_named_in_words() throws Exception {
        Path image = TestImages.drawn(dir, "a.png", "png", 64, 48);

        CliRun run = CliRun.withEnvironment(Map.of(), "analyze", image.toString(), "--model", "local-model",
                "--base-url", "http://127.0.0.1:9/v1", "--max-attempts", "1");

        assertEquals(3, run.exitCode(), run.err());
        assertTrue(run.err().contains("(connection refused by 127.0.0.1:9)"), run.err());
        assertOneLineWithoutJava(run.err());
    }

    @Test
    void a_host_that_does_not_resolve_is_named_in_words() throws Exception {
        Path image = TestImages.drawn(dir, "a.png", "png", 64, 48);

        CliRun run = CliRun.withEnvironment(Map.of("OPENAI_API_KEY", "sk-test"), "analyze", image.toString(),
                "--model", "gpt-4o-mini", "--base-url", "http://no-such-host.invalid/v1", "--max-attempts", "1");

        assertEquals(3, run.exitCode(), run.err());
        assertTrue(run.err().contains("cannot resolve no-such-host.invalid"), run.err());
        assertOneLineWithoutJava(run.err());
    }

    @Test
    void a_file_name_the_platform_cannot_represent_is_one_line_of_bad_input() {
        CliRun run = CliRun.of("analyze", "photo-\uD800.jpg");

        assertEquals(2, run.exitCode(), run.err());
        assertTrue(run.err().contains("'photo-?.jpg' cannot be a file name here"), run.err());
        assertTrue(run.err().contains("LANG=C.UTF-8"), run.err());
        assertOneLineWithoutJava(run.err());
    }

    @Test
    void a_store_that_is_not_a_loupe_database_is_refused_and_left_untouched() throws Exception {
        Path image = TestImages.drawn(dir, "a.png", "png", 64, 48);
        Path notes = Files.writeString(dir.resolve("notes.txt"), "shopping list\n");
        List<Path> before = everythingIn(dir);

        CliRun run = CliRun.of("analyze", image.toString(), "--store", notes.toString());

        assertEquals(2, run.exitCode(), run.err());
        assertEquals("loupe: " + notes + " is not a Loupe database (not a SQLite file); give the store a new file name "
                + "or an existing Loupe store", run.err().strip());
        assertEquals("shopping list\n", Files.readString(notes, StandardCharsets.UTF_8));
        assertEquals(before, everythingIn(dir), "no WAL file and no artefact folder appear");
    }

    @Test
    void another_applications_sqlite_database_is_refused_and_left_untouched() throws Exception {
        Path image = TestImages.drawn(dir, "a.png", "png", 64, 48);
        Path other = dir.resolve("photos.db");
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + other)) {
            connection.createStatement().execute("CREATE TABLE albums (id INTEGER PRIMARY KEY, title TEXT)");
        }
        List<Path> before = everythingIn(dir);

        CliRun run = CliRun.of("analyze", image.toString(), "--store", other.toString());

        assertEquals(2, run.exitCode(), run.err());
        assertTrue(run.err().contains("is another application's SQLite database (it has no Loupe tables)"), run.err());
        assertEquals(before, everythingIn(dir));
    }

    @Test
    void a_store_in_a_folder_that_does_not_exist_is_refused_and_the_folder_is_not_created() throws Exception {
        Path image = TestImages.drawn(dir, "a.png", "png", 64, 48);
        Path store = dir.resolve("no-such-folder").resolve("loupe.db");

        CliRun run = CliRun.of("analyze", image.toString(), "--store", store.toString());

        assertEquals(2, run.exitCode(), run.err());
        assertEquals("loupe: " + store + ": the folder " + store.getParent() + " does not exist; create it first or "
                + "choose another store path", run.err().strip());
        assertFalse(Files.exists(store.getParent()));
    }

    @Test
    void a_fork_prompt_that_does_not_exist_names_the_file() {
        Path missing = dir.resolve("my-structuring.md");

        CliRun run = CliRun.of("threads", "fork", "any-thread", "--from", "agent", "--prompt",
                "structuring=" + missing, "--store", "memory");

        assertEquals(2, run.exitCode(), run.err());
        assertEquals("loupe: --prompt structuring=" + missing + ": no such file " + missing, run.err().strip());
    }

    @Test
    void an_empty_manifest_is_bad_input() throws Exception {
        Path manifest = Files.writeString(dir.resolve("empty.csv"), "path,label\n");

        CliRun run = CliRun.of("eval", manifest.toString(), "--out", dir.resolve("run").toString());

        assertEquals(2, run.exitCode(), run.err());
        assertEquals("loupe: " + manifest + ": the manifest lists no images; add a line per image (path,label)",
                run.err().strip());
        assertFalse(Files.exists(dir.resolve("run")));
    }

    @Test
    void a_manifest_that_does_not_exist_is_named_in_words() {
        Path manifest = dir.resolve("nowhere.csv");

        CliRun run = CliRun.of("eval", manifest.toString(), "--out", dir.resolve("run").toString());

        assertEquals(2, run.exitCode(), run.err());
        assertEquals("loupe: " + manifest + ": cannot read this manifest (no such file)", run.err().strip());
    }
}
