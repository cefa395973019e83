package dev.loupe.tool.forensic.jpeg;

/**
 * The IJG quality that best explains one quantization table.
 *
 * @param quality           1–100
 * @param exact             whether libjpeg's table at that quality equals the file's table entry for entry
 * @param meanAbsoluteError mean |difference| per entry between the two tables
 * @param basis             which Annex K table was scaled: luminance or chrominance
 */
public record QualityEstimate(int quality, boolean exact, double meanAbsoluteError, String basis) {
}
