package dev.loupe.tool.forensic.jpeg;

/**
 * The IJG quality that best explains one quantization table.
 *
 * @param quality           1–100
 * @param exact             whether libjpeg's table at that quality equals the file's table entry for entry
 * @param meanAbsoluteError mean |difference| per entry between the two tables
 * @param basis             which Annex K table was scaled: luminance or chrominance
 * @param maxAbsoluteError  the largest |difference| of one entry
 */
public record QualityEstimate(int quality, boolean exact, double meanAbsoluteError, String basis, int maxAbsoluteError) {

    /**
     * Whether a library encoder wrote the table: libjpeg's exactly, or within one step per entry, as
     * encoders that scale libjpeg's tables in floating point (the JDK's) write them.
     */
    public boolean library() {
        return maxAbsoluteError <= 1;
    }
}
