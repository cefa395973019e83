package dev.loupe.tool.forensic.policy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The offline policy's written analysis: the weighed evidence, the arithmetic, the file's history,
 * and the JSON block whose rationale names the evidence that decided it ({@link Decision}).
 */
final class ForensicReport {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final PolicyWeights weights;
    private final List<Evidence> evidence;
    private final Map<String, String> statuses;
    private final Decision decision;

    ForensicReport(PolicyWeights weights, List<Evidence> evidence, Map<String, String> statuses) {
        this.weights = weights;
        this.evidence = evidence.stream()
                .sorted(Comparator.comparingDouble((Evidence e) -> -Math.abs(e.weight())).thenComparing(Evidence::code))
                .toList();
        this.statuses = statuses;
        this.decision = Decision.of(weights, this.evidence);
    }

    String text() {
        StringBuilder text = new StringBuilder("Forensic analysis (offline rule-based policy)\n\n");
        text.append("Tools: ");
        statuses.forEach((tool, status) -> text.append(tool).append(" (").append(status).append("), "));
        if (statuses.isEmpty()) {
            text.append("none ran, ");
        }
        text.setLength(text.length() - 2);
        text.append(".\n\nEvidence of local change or generation, strongest first (log-odds toward fake; the file's "
                + "history is weighed 0):\n");
        for (Evidence e : evidence) {
            text.append(String.format(Locale.ROOT, "- [%s] %s (%+.2f)%s: %s%n", e.tool(), e.code(), e.weight(),
                    weights.history().processed().contains(e.code()) ? " [history: processed]" : "", e.detail()));
        }
        if (evidence.isEmpty()) {
            text.append("- no findings\n");
        }
        text.append(String.format(Locale.ROOT, "%nPrior %.2f + evidence %.2f = %.2f log-odds, P(fake) = %.3f%s.%n",
                weights.bias(), decision.weighed(), weights.bias() + decision.weighed(), decision.pFake(),
                weights.calibration() != null ? " (by the graph file's calibration curve)" : ""));
        text.append("File history: ").append(decision.history().isEmpty() ? "nothing tells it"
                : historyWord() + " (" + String.join(", ", decision.history()) + ")").append(".\n\n");
        text.append("```json\n").append(block().toPrettyString()).append("\n```\n");
        return text.toString();
    }

    private ObjectNode block() {
        ObjectNode block = JSON.createObjectNode();
        block.put("verdict", decision.verdict());
        block.put("confidence", decision.confidence());
        block.put("p_fake", Decision.round(decision.pFake()));
        block.put("category", decision.category());
        block.put("rationale", new Rationale(weights, evidence, decision).text());
        block.put("forensic_summary", summary());
        ArrayNode list = block.putArray("evidence");
        for (Evidence e : evidence) {
            list.addObject().put("tool", e.tool()).put("finding", e.code() + ": " + e.detail()).put("weight", e.weight());
        }
        return block;
    }

    private String historyWord() {
        return weights.history().category(decision.history()).map(c -> c.equals("processed") ? "processed as a whole"
                : "the camera's encoding survives").orElse("unknown");
    }

    private String summary() {
        long weighed = evidence.stream().filter(e -> e.weight() != 0).count();
        return statuses.size() + " tools ran; " + evidence.size() + " findings, " + weighed + " of them weighed.";
    }
}
