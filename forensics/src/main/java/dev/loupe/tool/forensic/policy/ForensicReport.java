package dev.loupe.tool.forensic.policy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** The offline policy's written analysis: the weighed evidence, the arithmetic, and the JSON block. */
final class ForensicReport {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final PolicyWeights weights;
    private final List<Evidence> evidence;
    private final Map<String, String> statuses;

    ForensicReport(PolicyWeights weights, List<Evidence> evidence, Map<String, String> statuses) {
        this.weights = weights;
        this.evidence = evidence.stream()
                .sorted(Comparator.comparingDouble((Evidence e) -> -Math.abs(e.weight())).thenComparing(Evidence::code))
                .toList();
        this.statuses = statuses;
    }

    String text() {
        double logit = weights.logit(evidence);
        double pFake = weights.probability(evidence);
        String verdict = pFake >= weights.fakeThreshold() ? "fake" : pFake <= weights.realThreshold() ? "real" : "uncertain";
        // An explained finding proves nothing: a resize saved once also looks first-generation.
        Set<String> codes = weights.explained().unexplained(evidence.stream().map(Evidence::code).toList());
        double confidence = round(verdict.equals("real") ? weights.realConfidence().of(pFake, codes) : Math.max(pFake, 1 - pFake));
        boolean capped = verdict.equals("real") && weights.realConfidence().capped(pFake, codes);

        StringBuilder text = new StringBuilder("Forensic analysis (offline rule-based policy)\n\n");
        text.append("Tools: ");
        statuses.forEach((tool, status) -> text.append(tool).append(" (").append(status).append("), "));
        if (statuses.isEmpty()) {
            text.append("none ran, ");
        }
        text.setLength(text.length() - 2);
        text.append(".\n\nEvidence, strongest first (weights are log-odds toward fake):\n");
        for (Evidence e : evidence) {
            text.append(String.format(Locale.ROOT, "- [%s] %s (%+.2f): %s%n", e.tool(), e.code(), e.weight(), e.detail()));
        }
        if (evidence.isEmpty()) {
            text.append("- no findings\n");
        }
        text.append(String.format(Locale.ROOT, "%nPrior %.2f + evidence %.2f = %.2f log-odds, P(fake) = %.3f%s.%n",
                weights.bias(), logit - weights.bias(), logit, pFake,
                weights.calibration() != null ? " (by the graph file's calibration curve)" : ""));
        if (capped) {
            text.append(String.format(Locale.ROOT, "Confidence in real capped at %.2f: no finding shows this is the very "
                    + "file the camera wrote, and a re-save with the camera's tables would show the same.%n", confidence));
        }
        text.append('\n');
        text.append("```json\n").append(block(verdict, confidence, pFake, capped).toPrettyString()).append("\n```\n");
        return text.toString();
    }

    private ObjectNode block(String verdict, double confidence, double pFake, boolean capped) {
        ObjectNode block = JSON.createObjectNode();
        block.put("verdict", verdict);
        block.put("confidence", confidence);
        block.put("p_fake", round(pFake));
        block.put("category", category(verdict));
        block.put("rationale", rationale(verdict, pFake) + (capped ? String.format(Locale.ROOT, " Confidence %.2f, not %.2f: "
                + "nothing shows this is the camera's own file rather than a faithful re-save.", confidence, round(1 - pFake)) : ""));
        block.put("forensic_summary", summary());
        ArrayNode list = block.putArray("evidence");
        for (Evidence e : evidence) {
            list.addObject().put("tool", e.tool()).put("finding", e.code() + ": " + e.detail()).put("weight", e.weight());
        }
        return block;
    }

    private String category(String verdict) {
        return switch (verdict) {
            case "real" -> "camera_original";
            case "fake" -> evidence.stream().filter(e -> e.weight() > 0)
                    .max(Comparator.comparingDouble(Evidence::weight))
                    .map(e -> weights.category(e.code())).orElse("manipulated");
            default -> "unknown";
        };
    }

    private String rationale(String verdict, double pFake) {
        List<Evidence> decisive = evidence.stream().filter(e -> e.weight() != 0).limit(3).toList();
        String reasons = decisive.isEmpty() ? "no finding carries weight"
                : String.join("; ", decisive.stream().map(e -> trimPeriod(e.detail())).toList());
        return String.format(Locale.ROOT, "%s with P(fake) = %.2f: %s.",
                switch (verdict) {
                    case "fake" -> "Manipulated or generated";
                    case "real" -> "Consistent with a camera original";
                    default -> "Inconclusive";
                }, pFake, reasons);
    }

    private String summary() {
        long weighed = evidence.stream().filter(e -> e.weight() != 0).count();
        return statuses.size() + " tools ran; " + evidence.size() + " findings, " + weighed + " of them weighed.";
    }

    private static String trimPeriod(String sentence) {
        return sentence.endsWith(".") ? sentence.substring(0, sentence.length() - 1) : sentence;
    }

    private static double round(double value) {
        return Math.round(value * 1000) / 1000.0;
    }
}
