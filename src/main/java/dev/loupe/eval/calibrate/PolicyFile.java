package dev.loupe.eval.calibrate;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Writes a fitted policy into a graph file's text: the {@code policy:} section's bias, thresholds and
 * weights are replaced line by line, so the comments and everything else stay as the user wrote them
 * and the change reads as a diff of numbers. Codes the file did not list are added at the end of the
 * weights; a comment above the section says where the numbers came from.
 */
final class PolicyFile {

    private PolicyFile() {
    }

    static String rewrite(String yaml, String name, FittedPolicy policy, String provenance) {
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
                    default -> { }
                }
            } else if (section.equals("policy") && block.equals("weights") && line.startsWith("    ")
                    && !trimmed.startsWith("#") && trimmed.contains(":")) {
                String code = trimmed.substring(0, trimmed.indexOf(':')).strip();
                if (pending.remove(code)) {
                    line = "    " + code + ": " + number(policy.weights().get(code));
                } else if (!policy.weights().containsKey(code)) {
                    line = scaled(line, code, policy.platt().a());
                }
            }
            out.add(line);
        }
        if (section.equals("policy") && block.equals("weights")) {
            appendPending(out, pending, policy);
        }
        return String.join("\n", out);
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

    /** A weight no item showed keeps its reasoned value, on the calibrated scale (times the Platt slope). */
    private static String scaled(String line, String code, double slope) {
        String rest = line.substring(line.indexOf(':') + 1).strip();
        String value = rest.contains("#") ? rest.substring(0, rest.indexOf('#')).strip() : rest;
        try {
            return "    " + code + ": " + number(Double.parseDouble(value) * slope) + "   # not seen in the data: reasoned weight, rescaled";
        } catch (NumberFormatException e) {
            return line;
        }
    }

    static String number(double value) {
        return String.format(Locale.ROOT, "%.3f", value);
    }
}
