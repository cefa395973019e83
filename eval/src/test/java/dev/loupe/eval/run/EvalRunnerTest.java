package dev.loupe.eval.run;

import dev.loupe.core.LoupeException;
import dev.loupe.eval.ItemResult;
import dev.loupe.eval.ResultsReader;
import dev.loupe.eval.ResultsWriter;
import dev.loupe.eval.manifest.ManifestItem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

class EvalRunnerTest {

    @TempDir
    Path dir;

    private static List<ManifestItem> items(int count) {
        List<ManifestItem> items = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            items.add(new ManifestItem(i, i + 2, "i" + i, "i" + i + ".jpg", Path.of("i" + i + ".jpg"),
                    i % 2 == 0 ? "real" : "fake", "c", Map.of("k", "v" + i)));
        }
        return items;
    }

    private static final ItemAnalysis SAYS_FAKE_FAILS_ON_EVERY_FIFTH = (item, threadId) -> {
        if (item.index() % 5 == 4) {
            throw LoupeException.badInput(item.path() + ": not an image");
        }
        return new ItemOutcome("fake", "edited", 0.8, null, Map.of("agent", 0.01), 10, 5, List.of(), List.of(), null, null);
    };

    @Test
    void every_item_gets_exactly_one_line_with_three_workers() {
        Path file = dir.resolve("results.jsonl");
        int written;
        try (ResultsWriter writer = ResultsWriter.append(file, 4)) {
            written = new EvalRunner(SAYS_FAKE_FAILS_ON_EVERY_FIFTH, 3, RateLimit.NONE, new Pricing(1.0, 2.0))
                    .run(items(50), 50, i -> "run-" + i, writer, RunListener.NONE);
        }
        assertEquals(50, written);
        List<ItemResult> results = new ArrayList<>();
        ResultsReader.forEach(file, results::add);
        assertEquals(50, results.size());
        assertEquals(50, ResultsReader.recover(file).done().cardinality());
        ItemResult seventh = results.stream().filter(r -> r.index() == 7).findFirst().orElseThrow();
        assertEquals("run-7", seventh.threadId());
        assertEquals(Boolean.TRUE, seventh.correct());
        assertEquals(Map.of("k", "v7"), seventh.extra());
        assertEquals((10 * 1.0 + 5 * 2.0) / 1e6, seventh.cost(), 1e-15);
    }

    @Test
    void a_failing_analysis_is_a_recorded_error_not_a_stop() {
        Path file = dir.resolve("results.jsonl");
        try (ResultsWriter writer = ResultsWriter.append(file, 1)) {
            new EvalRunner(SAYS_FAKE_FAILS_ON_EVERY_FIFTH, 2, RateLimit.NONE, Pricing.NONE)
                    .run(items(10), 10, i -> "t" + i, writer, RunListener.NONE);
        }
        List<ItemResult> failed = new ArrayList<>();
        ResultsReader.forEach(file, r -> {
            if (r.failed()) {
                failed.add(r);
            }
        });
        assertEquals(2, failed.size());
        ItemResult one = failed.get(0);
        assertNull(one.verdict());
        assertNull(one.correct());
        assertEquals("i4.jpg: not an image", failed.stream().filter(r -> r.index() == 4).findFirst().orElseThrow().error());
    }

    @Test
    void zero_workers_is_bad_input() {
        assertThrows(LoupeException.class, () -> new EvalRunner(SAYS_FAKE_FAILS_ON_EVERY_FIFTH, 0, RateLimit.NONE, Pricing.NONE));
    }

    @Test
    void rate_limit_and_price_parse_what_the_options_say() {
        assertEquals(30.0, RateLimit.parse("30/min").perMinute(), 1e-9);
        assertEquals(12.0, RateLimit.parse("12").perMinute(), 1e-9);
        assertThrows(LoupeException.class, () -> RateLimit.parse("fast"));
        assertEquals(new Pricing(2.5, 10.0), Pricing.parse("2.5,10"));
        assertThrows(LoupeException.class, () -> Pricing.parse("2.5"));
        assertEquals(0.0, Pricing.NONE.cost(0, 0));
        assertNull(Pricing.NONE.cost(10, 0));
    }
}
