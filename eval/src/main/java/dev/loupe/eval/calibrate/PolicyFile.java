package dev.loupe.eval.calibrate;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Writes a fitted policy into a graph file's text: the {@code policy:} section's bias, thresholds and
 * weights are replaced line by line, so the comments and everything else stay as the user wrote them
 * and the change reads as a diff of numbers. Codes the file did not list are added at the end of the
 * weights; an isotonic calibration map is written as a {@code calibration:} block after the thresholds
 * (a Platt map needs none: it is folded into the numbers); a comment above the section says where the
 * numbers came from.
 */
final class PolicyFile {

    private static final String PROVENANCE = "# Fitted by `loupe eval calibrate`";

    private static final String CALIBRATION_NOTE = "  # P(fake) from bias + weights by an isotonic map fitted on held-out folds: "
            + "straight lines between these points, flat beyond them";

    private PolicyFile() {
    }

    /** The provenance note an earlier fit left in {@code yaml} (without its "# "), or null when it has none. */
    static String fittedBy(String yaml) {
        for (String line : yaml.split("\n")) {
            if (line.startsWith(PROVENANCE)) {
                return line.substring(2).strip();
            }
        }
        return null;
    }

    /**
     * @param reasoned the weights the fit shrank toward (the prior): a code no item showed gets its reasoned
     *                 weight on the calibrated scale, or the file's own weight rescaled when the prior has none
     */
    static String rewrite(String yaml, String name, FittedPolicy policy, String provenance, Map<String, Double> reasoned) {
        List<String> out = new ArrayList<>();
        Set<String> pending = new LinkedHashSet<>(policy.weights().keySet());
        String section = "";
        String block = "";
        for (String line : yaml.split("\n", -1)) {
            String trimmed = line.strip();
            boolean topLevel = !line.isEmpty() && !Character.isWhitespace(line.charAt(0)) && !line.startsWith("#");
            if (topLevel) {
                if (section.equals("policy") && block.equals("weights")) {
                    appendPending(out, pending, policy);
                }
                section = line.substring(0, Math.max(0, line.indexOf(':')));
                block = "";
                if (section.equals("name")) {
                    out.add("name: " + name);
                    continue;
                }
                if (section.equals("policy")) {
                    while (!out.isEmpty() && out.get(out.size() - 1).startsWith(PROVENANCE)) {
                        out.remove(out.size() - 1); // an earlier fit's note: this one replaces it
                    }
                    out.add("# " + provenance);
                }
                out.add(line);
                continue;
            }
            if (section.equals("policy") && line.startsWith("  ") && !line.startsWith("   ") && !trimmed.startsWith("#")) {
                if (block.equals("weights")) {
                    appendPending(out, pending, policy);
                }
                block = trimmed.substring(0, Math.max(0, trimmed.indexOf(':')));
                switch (block) {
                    case "bias" -> line = "  bias: " + number(policy.bias());
                    case "fake_threshold" -> line = "  fake_threshold: " + number(policy.fakeThreshold());
                    case "real_threshold" -> line = "  real_threshold: " + number(policy.realThreshold());
                    case "min_evidence" -> line = "  min_evidence: " + number(policy.minEvidence());
                    default -> { }
                }
                if (block.equals("calibration")) {
                    dropComment(out, CALIBRATION_NOTE);
                    continue; // an earlier map: written anew below, or gone when this fit folds its map in
                }
                out.add(line);
                if (block.equals("real_threshold")) {
                    calibration(out, policy);
                }
                continue;
            } else if (section.equals("policy") && block.equals("calibration") && line.startsWith("    ")) {
                continue;
            } else if (section.equals("policy") && block.equals("weights") && line.startsWith("    ")
                    && !trimmed.startsWith("#") && trimmed.contains(":")) {
                String code = trimmed.substring(0, trimmed.indexOf(':')).strip();
                if (pending.remove(code)) {
                    line = "    " + code + ": " + number(policy.weights().get(code));
                } else if (!policy.weights().containsKey(code)) {
                    line = scaled(line, code, reasoned.get(code), policy.calibration().map().slope());
                }
            }
            out.add(line);
        }
        if (section.equals("policy") && block.equals("weights")) {
            appendPending(out, pending, policy);
        }
        return String.join("\n", out);
    }

    /** The isotonic map, when the fit chose one, as points the offline policy joins by straight lines. */
    private static void calibration(List<String> out, FittedPolicy policy) {
        IsotonicMap map = policy.isotonic();
        if (map == null) {
            return;
        }
        List<String> logits = new ArrayList<>();
        List<String> p = new ArrayList<>();
        for (int i = 0; i < map.curve().logits().length; i++) {
            logits.add(number(map.curve().logits()[i]));
            p.add(number(map.curve().pFake()[i]));
        }
        out.add(CALIBRATION_NOTE);
        out.add("  calibration:");
        out.add("    logits: [" + String.join(", ", logits) + "]");
        out.add("    p_fake: [" + String.join(", ", p) + "]");
    }

    private static void dropComment(List<String> out, String comment) {
        if (!out.isEmpty() && out.get(out.size() - 1).equals(comment)) {
            out.remove(out.size() - 1);
        }
    }

    private static void appendPending(List<String> out, Set<String> pending, FittedPolicy policy) {
        if (pending.isEmpty()) {
            return;
        }
        int at = out.size();
        while (at > 0 && out.get(at - 1).isBlank()) {
            at--;
        }
        List<String> added = new ArrayList<>();
        added.add("    # findings the hand-set list did not weigh, fitted from the data");
        pending.forEach(code -> added.add("    " + code + ": " + number(policy.weights().get(code))));
        out.addAll(at, added);
        pending.clear();
    }

    /**
     * A weight no item showed keeps its reasoned value, on the calibrated scale (times the Platt slope).
     * Rescaling the file's own number instead compounded: refitting a fitted file multiplied its unseen
     * weights by each fit's slope again (an AI-generation marker's reasoned 6.0 had reached 88).
     */
    private static String scaled(String line, String code, Double reasoned, double slope) {
        String rest = line.substring(line.indexOf(':') + 1).strip();
        String value = rest.contains("#") ? rest.substring(0, rest.indexOf('#')).strip() : rest;
        try {
            double weight = reasoned != null ? reasoned : Double.parseDouble(value);
            return "    " + code + ": " + number(weight * slope) + "   # not seen in the data: reasoned weight, rescaled";
        } catch (NumberFormatException e) {
            return line;
        }
    }

    static String number(double value) {
        // A weight held at 0 and rescaled by a negative slope is -0.0, which would read as a weight toward real.
        return String.format(Locale.ROOT, "%.3f", Math.abs(value) < 0.0005 ? 0.0 : value);
    }
}
