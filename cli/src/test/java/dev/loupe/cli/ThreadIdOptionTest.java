package dev.loupe.cli;

import dev.loupe.testing.TestImages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --thread-id} names the thread's folder under {@code --out}: an id that is a path exits 2 with
 * one line saying what an id may hold, no stack trace, and nothing is written outside {@code --out}.
 */
class ThreadIdOptionTest {

    @TempDir
    Path dir;

    private List<Path> writtenOutside(Path out, Path image) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).filter(file -> !file.startsWith(out) && !file.equals(image)).toList();
        }
    }

    @Test
    void a_plain_id_writes_the_pictures_under_out_in_the_threads_folder() throws Exception {
        Path out = Files.createDirectories(dir.resolve("a").resolve("out"));
        Path image = TestImages.drawn(dir, "photo.jpg", "jpg", 160, 120);

        CliRun run = CliRun.of("analyze", image.toString(), "--thread-id", "case-42", "--out", out.toString());

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(Files.isRegularFile(out.resolve("case-42").resolve("ela-q90.png")), run.out());
        assertEquals(List.of(), writtenOutside(out, image));
    }

    @ParameterizedTest
    @ValueSource(strings = {"../../x", "../x", "ABSOLUTE", "..%2F..%2Fx", "\uff0e\uff0e\uff0fx", "..\u2215x", "a/b"})
    void analyze_with_a_thread_id_that_is_a_path_exits_2_in_one_line_and_writes_nothing(String given) throws Exception {
        // An absolute path beside --out, so that a write there would be seen below.
        String id = given.equals("ABSOLUTE") ? dir.resolve("a").resolve("escaped").toString() : given;
        Path out = Files.createDirectories(dir.resolve("a").resolve("out"));
        Path image = TestImages.drawn(dir, "photo.jpg", "jpg", 160, 120);

        CliRun run = CliRun.of("analyze", image.toString(), "--thread-id", id, "--out", out.toString());

        assertEquals(2, run.exitCode(), run.err());
        assertEquals("", run.out());
        assertEquals(1, run.errLines().size(), run.err());
        String line = run.errLines().get(0);
        assertTrue(line.startsWith("loupe: Invalid value for option '--thread-id': thread id '"), line);
        assertTrue(line.contains("use 1 to 128 ASCII letters, digits, '.', '_' or '-'"), line);
        assertFalse(run.err().contains("Exception") || run.err().contains("\tat "), run.err());
        assertEquals(List.of(), writtenOutside(out, image));
    }

    @Test
    void run_and_chat_refuse_such_an_id_the_same_way() {
        for (String command : List.of("run", "chat")) {
            CliRun run = "run".equals(command)
                    ? CliRun.of("run", "describe it", "--thread-id", "../x")
                    : CliRun.of("chat", "--thread-id", "../x");

            assertEquals(2, run.exitCode(), command + ": " + run.err());
            assertEquals(1, run.errLines().size(), run.err());
            assertTrue(run.errLines().get(0).contains("thread id '../x' is not usable as a name"), run.err());
        }
    }
}
