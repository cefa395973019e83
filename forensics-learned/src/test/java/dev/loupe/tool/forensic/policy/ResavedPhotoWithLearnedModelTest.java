package dev.loupe.tool.forensic.policy;

/**
 * {@link ResavedPhotoTest}'s whole-frame re-saves again, with the learned residual model's runtime on the
 * class path, as the command line and a host with {@code loupe-forensics-learned} run the shipped graph:
 * the model's findings weigh in the verdict there, and must not turn an honest re-save into {@code fake}.
 */
class ResavedPhotoWithLearnedModelTest extends ResavedPhotoTest {
}
