package dev.loupe.tool.forensic.provenance.c2pa;

/**
 * One entry of a {@code c2pa.actions} assertion.
 *
 * @param action            for example {@code c2pa.created}, {@code c2pa.opened}, {@code c2pa.edited}
 * @param digitalSourceType the IPTC digital source type URI, or null
 * @param softwareAgent     the tool that acted (a name, or name and version), or null
 */
public record C2paAction(String action, String digitalSourceType, String softwareAgent) {

    /** Whether the source type says a trained model made the content (IPTC's trainedAlgorithmicMedia). */
    public boolean isAiSource() {
        return digitalSourceType != null && digitalSourceType.toLowerCase(java.util.Locale.ROOT).contains("trainedalgorithmicmedia");
    }
}
