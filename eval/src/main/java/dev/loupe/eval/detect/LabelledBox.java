package dev.loupe.eval.detect;

import dev.loupe.eval.manifest.Manifest;
import dev.loupe.eval.manifest.ManifestItem;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One box a person drew, in pixels of its image.
 *
 * @param image the image's file, resolved against the manifest's folder
 */
public record LabelledBox(Path image, String label, double x1, double y1, double x2, double y2) {

    /**
     * Every box of an evaluation manifest's {@code boxes} column ({@link BoxTally}), the same file
     * {@code loupe eval} scores; an image listed on several items (one per question) keeps every box.
     */
    public static List<LabelledBox> read(Path manifest) {
        List<LabelledBox> boxes = new ArrayList<>();
        for (ManifestItem item : Manifest.load(manifest).items()) {
            for (BoxTally.Pixels p : BoxTally.truth(item.extra())) {
                boxes.add(new LabelledBox(item.file(), p.label(), p.x1(), p.y1(), p.x2(), p.y2()));
            }
        }
        return boxes;
    }
}
