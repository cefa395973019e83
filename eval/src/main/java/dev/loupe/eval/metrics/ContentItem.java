package dev.loupe.eval.metrics;

/**
 * One labelled item as the content bars ({@link ContentBars}) read it, whoever scored it: a run's own
 * result line, or calibration's held-out policy.
 *
 * @param content        what the item is for the content question
 * @param group          the photo it was made from (an original and its derivatives share one), for
 *                       resampling whole photos
 * @param fake           its label
 * @param verdict        real, fake or uncertain
 * @param pFake          the P(fake) it was given
 * @param realConfidence how sure a {@code real} is (for a {@code real} verdict; any value otherwise)
 * @param cameraEvidence whether a finding says the camera's own encoding survives in the file
 * @param resave         a re-save of a camera original with no pixel changed, reported apart (the older
 *                       development set's {@code camera_resave})
 */
public record ContentItem(ContentClass content, String group, boolean fake, String verdict, double pFake,
                          double realConfidence, boolean cameraEvidence, boolean resave) {
}
