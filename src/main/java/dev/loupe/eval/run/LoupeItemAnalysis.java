package dev.loupe.eval.run;

import dev.loupe.AnalysisOptions;
import dev.loupe.Loupe;
import dev.loupe.eval.ToolRun;
import dev.loupe.eval.manifest.ManifestItem;
import dev.loupe.graph.AnalysisResult;
import dev.loupe.model.Tokens;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Runs each item through a {@link Loupe} instance, under the thread id the runner chose. */
public final class LoupeItemAnalysis implements ItemAnalysis {

    private final Loupe loupe;

    public LoupeItemAnalysis(Loupe loupe) {
        this.loupe = loupe;
    }

    @Override
    public ItemOutcome analyze(ManifestItem item, String threadId) {
        return outcome(loupe.analyze(item.file(), AnalysisOptions.threadId(threadId)));
    }

    /** The parts of a result an evaluation keeps. */
    public static ItemOutcome outcome(AnalysisResult result) {
        Tokens tokens = Tokens.fromMap(result.tokenUsage().get("total"));
        List<ToolRun> tools = new ArrayList<>();
        for (Map<String, Object> detail : result.toolDetails()) {
            double seconds = detail.get("seconds") instanceof Number n ? n.doubleValue() : 0.0;
            tools.add(new ToolRun(String.valueOf(detail.get("tool")), String.valueOf(detail.get("status")), seconds));
        }
        List<String> flags = new ArrayList<>();
        result.flags().forEach((flag, on) -> {
            if (Boolean.TRUE.equals(on)) {
                flags.add(flag);
            }
        });
        Double pFake = result.output().get("p_fake") instanceof Number n ? n.doubleValue() : null;
        Double confidence = result.output().get("confidence") instanceof Number n ? n.doubleValue() : null;
        return new ItemOutcome(result.verdict(), result.category(), confidence, pFake,
                new LinkedHashMap<>(result.timings()), tokens.input(), tokens.output(), tools, flags);
    }
}
