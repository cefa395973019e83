package dev.loupe.eval.run;

import dev.loupe.eval.ToolRun;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one analysis answered, before the runner pairs it with the manifest's label.
 *
 * @param pFake   the result's P(fake), or null when it gave none
 * @param timings  seconds per node; the runner adds {@code total} when absent
 * @param threadId the thread the analysis ran under when it chose its own (a fork), else null
 * @param costUsd  the cost the facade priced from its price table, or null
 * @param output   the output's plain fields as text, by name, for scoring against manifest columns
 * @param findings the finding codes of the result's evidence, in its order
 */
public record ItemOutcome(String verdict, String category, Double confidence, Double pFake,
                          Map<String, Double> timings, long inputTokens, long outputTokens,
                          List<ToolRun> tools, List<String> flags, String threadId, Double costUsd,
                          Map<String, String> output, List<String> findings) {

    public ItemOutcome {
        findings = findings == null ? List.of() : List.copyOf(findings);
        output = output == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(output));
        timings = Collections.unmodifiableMap(new LinkedHashMap<>(timings));
        tools = List.copyOf(tools);
        flags = List.copyOf(flags);
    }

    /** An outcome with no output fields to score. */
    public ItemOutcome(String verdict, String category, Double confidence, Double pFake, Map<String, Double> timings,
                       long inputTokens, long outputTokens, List<ToolRun> tools, List<String> flags, String threadId,
                       Double costUsd) {
        this(verdict, category, confidence, pFake, timings, inputTokens, outputTokens, tools, flags, threadId, costUsd, Map.of(),
                List.of());
    }
}
