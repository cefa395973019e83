package dev.loupe.eval;

/**
 * One tool call of an analysis, as the results file keeps it.
 *
 * @param status {@code ok}, {@code not_applicable} or {@code error}
 */
public record ToolRun(String tool, String status, double seconds) {

    public boolean failed() {
        return "error".equals(status);
    }
}
