package dev.loupe.tool.forensic.policy;

/** One weighed finding: which tool saw it, its code, what exactly was seen, and its weight. */
record Evidence(String tool, String code, String detail, double weight) {

    /** This finding listed but not weighed, as {@code explainer} explains it ({@link ExplainedFindings}). */
    Evidence explainedBy(String explainer) {
        return new Evidence(tool, code, detail + " Not weighed: " + explainer + " explains it.", 0.0);
    }
}
