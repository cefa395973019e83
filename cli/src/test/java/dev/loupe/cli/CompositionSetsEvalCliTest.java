package dev.loupe.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.eval.composition.CompositionSets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Both composition sets through {@code loupe eval} and the compiled composition graph, scored on its
 * nested output fields: a few of the drawn pictures, and a few questions asked as the photographer's.
 * One line of each carries a wrong expectation, so the scores show they can miss.
 */
class CompositionSetsEvalCliTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void the_drawn_pictures_are_scored_on_the_measures_the_critique_reports() throws Exception {
        // tilts -8° and -5°, a thirds crossing and the centre, a balanced and an unbalanced pair
        Path manifest = CompositionSets.writeMeasures(dir, file -> file.matches("(horizon-0[12]|placement-0[45]|balance-0[12])\\.png"));
        List<String> lines = new ArrayList<>(Files.readAllLines(manifest));
        assertEquals(7, lines.size(), lines.toString());
        lines.add("images/horizon-01.png,wrong-tilt,horizon,4.0,,");
        Files.write(manifest, lines);
        Path out = dir.resolve("run-measures");

        CliRun run = CliRun.of("eval", manifest.toString(), "--graph", "composition", "--store", "memory", "--out", out.toString());

        assertEquals(0, run.exitCode(), run.err());
        JsonNode fields = JSON.readTree(out.resolve("metrics.json").toFile()).path("field_accuracy");
        // (not at(): in a JSON pointer "~1" stands for "/")
        assertEquals(2, fields.path("measures.horizon.tilt_deg~1").path("successes").asInt(), fields.toString());
        assertEquals(3, fields.path("measures.horizon.tilt_deg~1").path("trials").asInt(), fields.toString());
        assertEquals(2, fields.at("/measures.subject.placement/successes").asInt(), fields.toString());
        assertEquals(2, fields.at("/measures.subject.placement/trials").asInt(), fields.toString());
        assertEquals(2, fields.at("/measures.balance.verdict/successes").asInt(), fields.toString());
        assertEquals(2, fields.at("/measures.balance.verdict/trials").asInt(), fields.toString());
    }

    @Test
    void each_question_is_asked_through_the_graph_and_scored_by_where_its_passage_ranks() throws Exception {
        Path questions = Files.writeString(dir.resolve("q.jsonl"), """
                {"question": "Should the horizon go through the middle of the frame?", "expected": ["Horizon ¶3"]}
                {"question": "My horizon is crooked, how much tilt is acceptable?", "expected": ["Horizon ¶1", "Horizon ¶2"]}
                {"question": "How do I make a busy background simpler?", "expected": ["Horizon ¶4"]}
                """);
        Path manifest = CompositionSets.writeQuestions(dir, questions);
        Path out = dir.resolve("run-questions");

        CliRun run = CliRun.of("eval", manifest.toString(), "--graph", "composition", "--store", "memory", "--out", out.toString());

        assertEquals(0, run.exitCode(), run.err());
        JsonNode metrics = JSON.readTree(out.resolve("metrics.json").toFile());
        JsonNode ranks = metrics.at("/field_ranks/answer_passages.*.position");
        assertEquals(3, ranks.at("/recall_at_3/trials").asInt(), metrics.toString());
        assertEquals(2, ranks.at("/recall_at_3/successes").asInt(), "the busy-background question has no horizon passage: "
                + metrics);
        double mrr = ranks.path("mrr").asDouble();
        assertEquals(true, mrr > 0.3 && mrr <= 2 / 3.0 + 1e-6, "two of three found, at most at rank 1: " + mrr);
        String report = Files.readString(out.resolve("report.html"));
        assertTrue(report.contains("<h2>Ranked fields</h2>"), "the report shows what metrics.json has");
        assertTrue(report.contains("<tr><td><code>answer_passages.*.position</code></td>"), report);
        assertTrue(report.contains(String.format(Locale.ROOT, "<td class=\"n\">%.3f</td></tr>", mrr)), report);
    }
}
