package dev.loupe.eval.calibrate;

import dev.loupe.eval.metrics.ContentBars;
import dev.loupe.eval.metrics.ContentItem;
import dev.loupe.tool.forensic.policy.FileHistory;
import dev.loupe.tool.forensic.policy.RealConfidence;

import java.util.ArrayList;
import java.util.List;

/**
 * What the held-out scores say: the content bars ({@link ContentBars}, the same computation
 * {@code loupe eval}'s summary makes of a run) over each item as the policy fitted without its fold
 * called it.
 */
final class CalibrationFigures {

    private CalibrationFigures() {
    }

    static ContentBars of(HeldOut heldOut) {
        return of(heldOut, RealConfidence.NONE, FileHistory.NONE);
    }

    /**
     * @param realConfidence how the graph file bounds the confidence in {@code real}
     * @param history        which findings show that the camera's encoding survives
     */
    static ContentBars of(HeldOut heldOut, RealConfidence realConfidence, FileHistory history) {
        List<ContentItem> items = new ArrayList<>();
        for (int i = 0; i < heldOut.items().size(); i++) {
            LabelledFindings item = heldOut.items().get(i);
            items.add(new ContentItem(item.content(), item.group(), item.fake(), heldOut.verdicts()[i], heldOut.pFake()[i],
                    realConfidence.of(heldOut.pFake()[i], heldOut.pFakeWithout()[i]), history.cameraEvidence(item.codes()),
                    item.resave()));
        }
        return ContentBars.of(items);
    }
}
