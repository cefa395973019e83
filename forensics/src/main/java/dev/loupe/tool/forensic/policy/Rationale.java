package dev.loupe.tool.forensic.policy;

import java.util.List;
import java.util.Locale;

/**
 * The sentence a verdict gives for itself: which evidence decided it, what the file's history is,
 * and, when the verdict is {@code uncertain} or a {@code real} was capped, why. A file with no sign of
 * local change and no camera evidence left is said to be exactly that, never called fake for what it
 * lacks.
 */
record Rationale(PolicyWeights weights, List<Evidence> evidence, Decision decision) {

    /** Findings named, strongest first. */
    private static final int NAMED = 3;

    String text() {
        List<Evidence> toFake = evidence.stream().filter(e -> e.weight() > 0).limit(NAMED).toList();
        List<Evidence> toReal = evidence.stream().filter(e -> e.weight() < 0).limit(NAMED).toList();
        String p = String.format(Locale.ROOT, "P(fake) = %.2f", decision.pFake());
        String text = switch (decision.verdict()) {
            case "fake" -> (decision.category().equals("ai_generated") ? "Generated" : "Changed locally")
                    + " (" + p + "): " + named(toFake) + ".";
            case "real" -> "No sign of local change or generation (" + p + "): " + named(toReal) + "." + capped();
            default -> uncertain(toFake, toReal, p);
        };
        return text + history();
    }

    private String uncertain(List<Evidence> toFake, List<Evidence> toReal, String p) {
        if (toFake.isEmpty() && !weights.history().cameraEvidence(codes())) {
            return "No sign of local editing; origin cannot be established offline (" + p + ")"
                    + (toReal.isEmpty() ? "." : ": only " + named(toReal) + ".");
        }
        if (Math.abs(decision.weighed()) < weights.minEvidence()) {
            return String.format(Locale.ROOT, "Undecided: the evidence does not decide (%+.2f log-odds in all, %s)%s.",
                    decision.weighed(), p, toFake.isEmpty() && toReal.isEmpty() ? ""
                            : ": " + named(toFake) + (toFake.isEmpty() || toReal.isEmpty() ? "" : ", against ") + named(toReal));
        }
        return "Undecided (" + p + "): " + named(toFake) + (toFake.isEmpty() || toReal.isEmpty() ? "" : ", against ")
                + named(toReal) + ".";
    }

    private String capped() {
        if (!decision.capped()) {
            return "";
        }
        List<String> controlled = evidence.stream().filter(e -> e.weight() < 0 && weights.realConfidence().controlled(e.code()))
                .map(Evidence::code).toList();
        return String.format(Locale.ROOT, " Confidence %.2f, not %.2f: beyond that, what speaks for real is evidence a forger "
                + "controls or can reproduce (%s).", decision.confidence(), 1 - decision.pFake(), String.join(", ", controlled));
    }

    private String history() {
        if (decision.history().isEmpty()) {
            return "";
        }
        boolean processed = weights.history().category(decision.history()).filter("processed"::equals).isPresent();
        return (processed ? " The file was processed as a whole (" : " The camera's encoding survives (")
                + String.join(", ", decision.history()) + ")" + (processed ? "; that alone says nothing of its content." : ".");
    }

    private List<String> codes() {
        return evidence.stream().map(Evidence::code).toList();
    }

    private static String named(List<Evidence> findings) {
        return String.join("; ", findings.stream().map(e -> e.code() + " (" + trimPeriod(e.detail()) + ")").toList());
    }

    private static String trimPeriod(String sentence) {
        return sentence.endsWith(".") ? sentence.substring(0, sentence.length() - 1) : sentence;
    }
}
