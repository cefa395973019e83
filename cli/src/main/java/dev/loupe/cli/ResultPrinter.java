package dev.loupe.cli;

import dev.loupe.graph.AnalysisResult;
import dev.loupe.tool.composition.CritiqueText;
import dev.loupe.tool.forensic.ForensicVerdict;

import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;

/**
 * A result as a command prints it: one line of JSON, or the human-readable summary. In the summary a
 * forensic verdict shows the verdict first, then the evidence that carried it; any other graph's
 * output shows its label, then each field.
 */
final class ResultPrinter {

    private static final int MAX_VALUE_CHARS = 300;

    private ResultPrinter() {
    }

    /** What a command with a {@code --json} option prints for {@code result}: its JSON on one line, or its summary. */
    static String render(AnalysisResult result, boolean json) {
        return json ? result.toJson().toString() : summary(result);
    }

    static String summary(AnalysisResult result) {
        StringBuilder out = new StringBuilder();
        Object name = result.image() == null ? "image" : result.image().name();
        if (ForensicVerdict.describes(result.output())) {
            forensic(out, name, ForensicVerdict.of(result.output()));
        } else if (CritiqueText.applies(result.output())) {
            out.append(CritiqueText.render(name, result.output()));
        } else {
            fields(out, name, result);
        }
        result.flags().forEach(flag -> out.append("  note: ").append(flag.key().replace('_', ' ')).append('\n'));
        Object error = result.output().get("structuring_error");
        if (error != null) {
            out.append("  structuring error: ").append(error).append('\n');
        }
        out.append(String.format(Locale.ROOT, "  thread %s · models %s · %.2f s · %d tokens",
                result.threadId(), String.join("/", new LinkedHashSet<>(result.models().values())),
                result.timings().total(), result.tokenUsage().total().total()));
        return out.toString();
    }

    private static void forensic(StringBuilder out, Object name, ForensicVerdict verdict) {
        out.append(String.format(Locale.ROOT, "%s: %s (%s), confidence %.2f%n", name,
                verdict.verdict().toUpperCase(Locale.ROOT), verdict.category(), verdict.confidence()));
        out.append("  ").append(verdict.rationale()).append('\n');
        if (!verdict.evidence().isEmpty()) {
            out.append("  evidence:\n");
            for (ForensicVerdict.Evidence item : verdict.evidence()) {
                String signed = item.weight() == null ? "" : String.format(Locale.ROOT, "%+.1f ", item.weight());
                out.append("    ").append(signed).append('[').append(item.tool()).append("] ").append(item.finding()).append('\n');
            }
        }
    }

    private static void fields(StringBuilder out, Object name, AnalysisResult result) {
        out.append(name).append(": ").append(result.graph());
        if (result.label() != null) {
            out.append(" → ").append(result.label().toUpperCase(Locale.ROOT));
        }
        out.append('\n');
        for (Map.Entry<String, Object> field : result.output().entrySet()) {
            if (!field.getKey().equals("structuring_error")) {
                String value = String.valueOf(field.getValue());
                out.append("  ").append(field.getKey()).append(": ")
                        .append(value.length() > MAX_VALUE_CHARS ? value.substring(0, MAX_VALUE_CHARS) + "…" : value).append('\n');
            }
        }
    }
}
