package dev.loupe.eval.run;

import dev.loupe.eval.ItemResult;
import dev.loupe.eval.Results;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ConsoleProgressTest {

    @Test
    void without_a_terminal_a_plain_line_is_printed_at_each_tenth_of_the_set() {
        StringWriter text = new StringWriter();
        ConsoleProgress progress = new ConsoleProgress(new PrintWriter(text), false);
        progress.started(20, 0);
        for (int i = 0; i < 20; i++) {
            progress.finished(i == 3 ? Results.failed(i, "fake") : Results.answered(i, "fake", "fake", 0.9, 0.9, "c", 1.0));
        }
        progress.ended();
        List<String> lines = text.toString().lines().toList();
        assertEquals("eval: 20 items, 0 done earlier, 20 to run", lines.get(0));
        assertEquals(11, lines.size());
        assertTrue(lines.get(10).startsWith("eval: 20/20 100%"), lines.get(10));
        assertTrue(lines.get(10).endsWith("accuracy 100.0%  errors 1"), lines.get(10));
        assertTrue(lines.stream().noneMatch(line -> line.contains("\r")));
    }

    @Test
    void on_a_terminal_the_line_is_redrawn_in_place_with_a_bar() {
        StringWriter text = new StringWriter();
        ConsoleProgress progress = new ConsoleProgress(new PrintWriter(text), true);
        progress.started(4, 2);
        progress.finished(Results.answered(2, "real", "fake", 0.9, 0.9, "c", 1.0));
        progress.finished(Results.answered(3, "real", "real", 0.9, 0.1, "c", 1.0));
        progress.ended();
        String last = text.toString().substring(text.toString().lastIndexOf('\r') + 1);
        assertTrue(last.startsWith("[########################] 4/4 100%"), last);
        assertTrue(last.contains("accuracy 50.0%  errors 0"), last);
    }

    @Test
    void a_set_without_labels_shows_no_accuracy() {
        StringWriter text = new StringWriter();
        ConsoleProgress progress = new ConsoleProgress(new PrintWriter(text), false);
        progress.started(2, 0);
        progress.finished(Results.answered(0, null, "fake", 0.9, 0.9, null, 1.0));
        progress.finished(Results.answered(1, null, "real", 0.9, 0.1, null, 1.0));
        progress.ended();

        String last = text.toString().lines().reduce((a, b) -> b).orElseThrow();
        assertTrue(last.startsWith("eval: 2/2 100%"), last);
        assertFalse(last.contains("accuracy"), last);
        assertTrue(last.endsWith("errors 0"), last);
    }

    @Test
    void a_set_scored_by_its_columns_shows_the_share_answered_right() {
        StringWriter text = new StringWriter();
        ConsoleProgress progress = new ConsoleProgress(new PrintWriter(text), false);
        progress.started(2, 0);
        progress.finished(scoredByColumn(0, "rule_of_thirds"));
        progress.finished(scoredByColumn(1, "symmetry"));
        progress.ended();

        String last = text.toString().lines().reduce((a, b) -> b).orElseThrow();
        assertTrue(last.endsWith("ETA 0:00  fields right 50.0%  errors 0"), last);
    }

    private static ItemResult scoredByColumn(int index, String answered) {
        return new ItemResult(index, "item-" + index, index + ".jpg", null, null, null, null, null, null, "t-" + index,
                Map.of("total", 1.0), 0, 0, 0.0, List.of(), List.of(), null, Map.of("technique", "rule_of_thirds"),
                Map.of("technique", answered));
    }
}
