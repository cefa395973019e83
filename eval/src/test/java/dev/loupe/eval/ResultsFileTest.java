package dev.loupe.eval;

import dev.loupe.core.LoupeException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ResultsFileTest {

    @TempDir
    Path dir;

    private Path threeLines() {
        Path file = dir.resolve("results.jsonl");
        try (ResultsWriter writer = ResultsWriter.append(file, 2)) {
            writer.write(Results.answered(0, "real", "real", 0.9, 0.1, "camera_original", 1.0));
            writer.write(Results.failed(1, "fake"));
            writer.write(Results.answered(2, "fake", "uncertain", 0.5, null, "edited", 2.0));
        }
        return file;
    }

    private static void append(Path file, String text) throws IOException {
        Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    }

    @Test
    void a_result_survives_the_round_trip_through_its_line() {
        ItemResult result = Results.answered(4, "fake", "real", 0.7, null, "edited", 1.5);
        assertEquals(result, ItemResult.parse(result.toLine()));
        assertEquals(Results.failed(5, "real"), ItemResult.parse(Results.failed(5, "real").toLine()));
    }

    @Test
    void recovery_cuts_a_torn_last_line_so_that_its_item_runs_again() throws IOException {
        Path file = threeLines();
        long whole = Files.size(file);
        String line = Results.answered(3, "real", "real", 0.9, 0.1, "camera_original", 1.0).toLine();
        append(file, line.substring(0, line.length() / 2));
        ResultsReader.Recovery recovery = ResultsReader.recover(file);
        assertEquals(3, recovery.lines());
        assertEquals("{0, 1, 2}", recovery.done().toString());
        assertEquals(line.length() / 2, recovery.droppedBytes());
        assertEquals(whole, Files.size(file));
    }

    @Test
    void recovery_drops_a_last_line_that_ends_but_does_not_parse() throws IOException {
        Path file = threeLines();
        long whole = Files.size(file);
        append(file, "{\"index\":3,\"id\"\n");
        assertEquals(3, ResultsReader.recover(file).lines());
        assertEquals(whole, Files.size(file));
    }

    @Test
    void a_damaged_line_before_the_last_is_an_error_naming_it() throws IOException {
        Path file = threeLines();
        append(file, "garbage\n" + Results.failed(3, "real").toLine() + "\n");
        LoupeException e = assertThrows(LoupeException.class, () -> ResultsReader.recover(file));
        assertTrue(e.getMessage().contains("line 4: not a results line"), e.getMessage());
    }

    @Test
    void reading_hands_over_each_item_once_and_skips_a_torn_tail() throws IOException {
        Path file = threeLines();
        append(file, Results.failed(1, "fake").toLine() + "\n{\"index\":9");
        List<Integer> seen = new ArrayList<>();
        assertEquals(3, ResultsReader.forEach(file, r -> seen.add(r.index())));
        assertEquals(List.of(0, 1, 2), seen);
    }

    @Test
    void recovering_a_missing_file_finds_nothing_done() {
        assertEquals(0, ResultsReader.recover(dir.resolve("none.jsonl")).done().cardinality());
    }
}
