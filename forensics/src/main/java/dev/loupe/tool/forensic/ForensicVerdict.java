package dev.loupe.tool.forensic;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The forensic graph's output read as what it means: whether the content is authentic ({@code real}: what
 * a camera captured, possibly processed as a whole; {@code fake}: changed locally or generated;
 * {@code uncertain}), how sure, the file's history as the category ({@code camera_original} or
 * {@code processed} for real, {@code manipulated} or {@code ai_generated} for fake, {@code unknown}),
 * why, and the evidence with each finding's weight. The engine's result holds the output as the graph's
 * schema defines it; this is the typed view for code that knows it ran the forensic graph:
 * {@code ForensicVerdict.of(result.output())}.
 *
 * @param pFake the probability that the image is fake, or null when the graph did not state one
 */
public record ForensicVerdict(String verdict, double confidence, String category, String rationale, Double pFake,
                              List<Evidence> evidence) {

    /** One line of evidence: which tool found what, and its weight (log-odds toward fake; null when not stated). */
    public record Evidence(String tool, String finding, Double weight) {
    }

    public ForensicVerdict {
        evidence = List.copyOf(evidence);
    }

    /**
     * The forensic reading of a result's output ({@code AnalysisResult.output()}); fields it lacks get
     * their schema defaults.
     */
    public static ForensicVerdict of(Map<String, Object> output) {
        List<Evidence> evidence = new ArrayList<>();
        if (output.get("evidence") instanceof List<?> items) {
            for (Object item : items) {
                if (item instanceof Map<?, ?> map) {
                    evidence.add(new Evidence(String.valueOf(map.get("tool")), String.valueOf(map.get("finding")),
                            map.get("weight") instanceof Number n ? n.doubleValue() : null));
                }
            }
        }
        return new ForensicVerdict(String.valueOf(output.getOrDefault("verdict", "uncertain")),
                output.get("confidence") instanceof Number n ? n.doubleValue() : 0.0,
                String.valueOf(output.getOrDefault("category", "unknown")),
                String.valueOf(output.getOrDefault("rationale", "")),
                output.get("p_fake") instanceof Number p ? p.doubleValue() : null,
                evidence);
    }

    /** Whether the verdict says the content is what a camera captured (first generation or processed as a whole). */
    public boolean contentAuthentic() {
        return "real".equals(verdict);
    }

    /** Whether the category says the file was processed as a whole: its content real, its file not the camera's. */
    public boolean processed() {
        return "processed".equals(category);
    }

    /** Whether {@code output} is a forensic verdict (it states one), so that a printer can show it as such. */
    public static boolean describes(Map<String, Object> output) {
        return output.containsKey("verdict") && output.containsKey("evidence");
    }
}
