package dev.loupe.eval;

import java.util.List;
import java.util.Map;

/** Results lines for tests, built with only what a test cares about. */
public final class Results {

    private Results() {
    }

    public static ItemResult answered(int index, String expected, String verdict, double confidence, Double pFake,
                                      String category, double seconds) {
        return new ItemResult(index, "item-" + index, "images/" + index + ".jpg", expected, category, verdict,
                "edited", confidence, pFake, "run-" + index, Map.of("total", seconds), 100, 20, 0.001,
                List.of(new ToolRun("metadata", "ok", 0.1), new ToolRun("jpeg", index % 2 == 0 ? "error" : "ok", 0.3)),
                List.of(), null, Map.of("source", "test"));
    }

    public static ItemResult failed(int index, String expected) {
        return new ItemResult(index, "item-" + index, "images/" + index + ".jpg", expected, "broken", null, null, null,
                null, "run-" + index, Map.of("total", 0.01), 0, 0, null, List.of(), List.of(), "no such file",
                Map.of());
    }
}
