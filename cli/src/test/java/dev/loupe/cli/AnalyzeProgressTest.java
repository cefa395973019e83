package dev.loupe.cli;

import dev.loupe.testing.TestImages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code loupe analyze} over several images: progress on standard error, results alone on standard output. */
class AnalyzeProgressTest {

    @TempDir
    Path dir;

    private CliRun analyzeOnATerminal(boolean terminal, String... args) {
        return CliRun.<AnalyzeCommand>prepared("analyze", analyze -> analyze.terminal = terminal, args);
    }

    @Test
    void several_images_on_a_terminal_show_progress_on_stderr_and_only_results_on_stdout() throws Exception {
        Path a = TestImages.drawn(dir, "first.png", "png", 80, 60);
        Path b = TestImages.drawn(dir, "second.png", "png", 80, 60);

        CliRun run = analyzeOnATerminal(true, "analyze", "--json", a.toString(), b.toString());

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.err().contains("\ranalyze [--------------------] 1/2 first.png"), run.err());
        assertTrue(run.err().contains("2/2 second.png"), run.err());
        assertEquals(2, run.outLines().size());
        assertTrue(run.outLines().stream().allMatch(line -> line.startsWith("{")), run.out());
        assertFalse(run.out().contains("\r"));
    }

    @Test
    void off_a_terminal_nothing_but_errors_reaches_stderr() throws Exception {
        Path a = TestImages.drawn(dir, "first.png", "png", 80, 60);
        Path b = TestImages.drawn(dir, "second.png", "png", 80, 60);

        CliRun run = analyzeOnATerminal(false, "analyze", a.toString(), b.toString());

        assertEquals(0, run.exitCode(), run.err());
        assertEquals("", run.err());
    }

    @Test
    void a_bad_image_among_good_ones_returns_the_worst_code_and_the_good_results() throws Exception {
        Path good = TestImages.drawn(dir, "good.png", "png", 80, 60);
        Path missing = dir.resolve("missing.jpg");

        CliRun run = analyzeOnATerminal(true, "analyze", "--json", good.toString(), missing.toString());

        assertEquals(2, run.exitCode(), run.err());
        assertEquals(1, run.outLines().size(), run.out());
        assertTrue(run.err().contains("missing.jpg"), run.err());
    }
}
