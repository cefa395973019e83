package dev.loupe.tool.detect;

import java.util.List;

/**
 * Boxes a model supplied, read into normalised {@code [x1, y1, x2, y2]}.
 *
 * @param boxes      the boxes that can be drawn, in the order given
 * @param convention the convention the numbers were read in
 * @param how        whether it was declared or inferred, and from what
 * @param notes      what was corrected (clamped, swapped corners, empty labels), one sentence each
 * @param rejected   boxes left out and why, one sentence each ("box 3 has no area")
 */
public record NormalizedBoxes(List<Box> boxes, Convention convention, String how, List<String> notes,
                              List<String> rejected) {

    public NormalizedBoxes {
        boxes = List.copyOf(boxes);
        notes = List.copyOf(notes);
        rejected = List.copyOf(rejected);
    }
}
