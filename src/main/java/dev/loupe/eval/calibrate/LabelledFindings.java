package dev.loupe.eval.calibrate;

import java.util.Map;
import java.util.Set;

/**
 * One scored item of a run, as calibration sees it: its label, its fold, its category and the
 * finding codes its analysis reported (each with the tool that reported it).
 *
 * @param id       the item's id in the run
 * @param fake     the label: true for fake
 * @param fold     the cross-validation fold (the manifest's {@code fold} column)
 * @param category the manifest's category, or "" when it has none
 * @param findings finding code → tool that reported it
 */
public record LabelledFindings(String id, boolean fake, int fold, String category, Map<String, String> findings) {

    public LabelledFindings {
        findings = Map.copyOf(findings);
    }

    public Set<String> codes() {
        return findings.keySet();
    }

    /** The category of a camera original saved again as the camera would, no pixel changed. */
    public static final String RESAVE = "camera_resave";

    /** The careful forgeries of the development set: content changed, saved with the camera's own tables and EXIF. */
    public boolean careful() {
        return category.startsWith("careful_");
    }

    /**
     * A re-save with the camera's tables and no pixel changed: not the camera's file, but no forgery of
     * content either, so it is left out of the fit and of the targets and reported on its own
     * (evaluation/README.md, "Re-saves are not forgeries").
     */
    public boolean resave() {
        return RESAVE.equals(category);
    }
}
