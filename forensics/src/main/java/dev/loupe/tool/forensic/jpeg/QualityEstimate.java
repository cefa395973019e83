package dev.loupe.tool.forensic.jpeg;

/**
 * The IJG quality that best explains one quantization table.
 *
 * @param quality           1–100
 * @param exact             whether libjpeg's table at that quality equals the file's table entry for entry
 * @param meanAbsoluteError mean |difference| per entry between the two tables
 * @param basis             which Annex K table was scaled: luminance or chrominance
 * @param maxAbsoluteError  the largest |difference| of one entry
 * @param differingEntries  how many of the 64 entries differ
 */
public record QualityEstimate(int quality, boolean exact, double meanAbsoluteError, String basis, int maxAbsoluteError,
                              int differingEntries) {

    /** Encoders that scale libjpeg's tables in floating point round a few half-way entries the other way. */
    private static final int ROUNDING_DIFFERENCES = 6;

    /**
     * Whether a library encoder wrote the table: libjpeg's exactly, or off by one in a few entries, as
     * encoders that scale libjpeg's tables in floating point (the JDK's) write them. A camera's own
     * table differs in many entries, even where its values are small.
     */
    public boolean library() {
        return exact || (maxAbsoluteError <= 1 && differingEntries <= ROUNDING_DIFFERENCES);
    }
}
