package dev.loupe.tool.detect;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads the boxes a model supplies into normalised {@code [x1, y1, x2, y2]}, whatever convention it
 * wrote them in, and says which one it read.
 *
 * <p>A box is an array of four numbers or an object with {@code label}, {@code score} and its corners
 * as {@code box}/{@code bbox} (four numbers), {@code box_2d} (Gemini's {@code [y1, x1, y2, x2]} in
 * 0–1000), {@code x1 y1 x2 y2}, {@code xmin ymin xmax ymax} or {@code x y width height}. When the
 * convention is not declared it is inferred once for all the boxes: {@code box_2d} means Gemini's;
 * numbers all within [0, 1] are fractions; larger numbers that fit the image are pixels (said to be
 * ambiguous when they could also be thousandths); numbers up to 1000 that overshoot the image are
 * thousandths. Corners given the wrong way round are swapped, boxes over the edge clamped, and boxes
 * with no area or wholly outside the image left out — each with a sentence saying so.
 */
public final class BoxNormalizer {

    private BoxNormalizer() {
    }

    /**
     * @param scale       {@code normalized}, {@code pixels}, {@code per_mille}, or null/{@code auto} to infer
     * @param order       {@code xyxy}, {@code yxyx}, or null/{@code auto} ({@code yxyx} only for {@code box_2d})
     * @param defaultLabel the label of boxes that have none
     */
    public static NormalizedBoxes read(JsonNode items, String scale, String order, String defaultLabel, int width, int height) {
        List<RawBox> raw = new ArrayList<>();
        List<String> rejected = new ArrayList<>();
        int index = 0;
        for (JsonNode item : items) {
            index++;
            RawBox box = RawBox.parse(item, index);
            if (box.problem() != null) {
                rejected.add(box.problem());
            } else {
                raw.add(box);
            }
        }
        boolean allGemini = !raw.isEmpty() && raw.stream().allMatch(RawBox::gemini);
        boolean yFirst = order == null || order.equals("auto") ? allGemini : order.equals("yxyx");
        String[] how = new String[1];
        Convention convention = new Convention(scale(raw, scale, yFirst, allGemini, width, height, how), yFirst);
        List<Box> boxes = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        String fallbackLabel = defaultLabel == null || defaultLabel.isBlank() ? "object" : defaultLabel.trim();
        for (RawBox box : raw) {
            Box read = normalise(box, convention, fallbackLabel, width, height, notes, rejected);
            if (read != null) {
                boxes.add(read);
            }
        }
        return new NormalizedBoxes(boxes, convention, how[0], notes, rejected);
    }

    private static Convention.Scale scale(List<RawBox> raw, String declared, boolean yFirst, boolean allGemini,
                                          int width, int height, String[] how) {
        if (declared != null && !declared.equals("auto")) {
            how[0] = "declared";
            return Convention.Scale.valueOf(declared.toUpperCase(Locale.ROOT));
        }
        if (allGemini) {
            how[0] = "inferred: box_2d is Gemini's [y1, x1, y2, x2] in 0–1000";
            return Convention.Scale.PER_MILLE;
        }
        double max = 0;
        double maxX = 0;
        double maxY = 0;
        for (RawBox box : raw) {
            double[] v = box.values();
            for (double value : v) {
                max = Math.max(max, Math.abs(value));
            }
            maxX = Math.max(maxX, Math.max(v[yFirst ? 1 : 0], v[yFirst ? 3 : 2]));
            maxY = Math.max(maxY, Math.max(v[yFirst ? 0 : 1], v[yFirst ? 2 : 3]));
        }
        if (max <= 1.0) {
            how[0] = "inferred: every number lies in [0, 1]";
            return Convention.Scale.NORMALIZED;
        }
        boolean fitsPixels = maxX <= width * 1.02 + 1 && maxY <= height * 1.02 + 1;
        if (fitsPixels) {
            how[0] = String.format(Locale.ROOT, "inferred: numbers above 1 that fit the %d×%d image%s", width, height,
                    max <= 1000 ? "; if they are thousandths (0–1000), pass scale per_mille" : "");
            return Convention.Scale.PIXELS;
        }
        if (max <= 1000) {
            how[0] = String.format(Locale.ROOT, "inferred: numbers up to 1000 that overshoot the %d×%d image", width, height);
            return Convention.Scale.PER_MILLE;
        }
        how[0] = String.format(Locale.ROOT, "inferred: numbers beyond 1000 are pixels; parts past the %d×%d image are clamped",
                width, height);
        return Convention.Scale.PIXELS;
    }

    private static String pixels(double value) {
        return value == Math.rint(value) ? String.valueOf((long) value) : String.format(Locale.ROOT, "%.1f", value);
    }

    private static Box normalise(RawBox box, Convention convention, String fallbackLabel, int width, int height,
                                 List<String> notes, List<String> rejected) {
        double[] v = box.values();
        boolean y = convention.yFirst();
        double x1 = convention.fraction(v[y ? 1 : 0], width);
        double y1 = convention.fraction(v[y ? 0 : 1], height);
        double x2 = convention.fraction(v[y ? 3 : 2], width);
        double y2 = convention.fraction(v[y ? 2 : 3], height);
        String name = "box " + box.index();
        if (x1 > x2 || y1 > y2) {
            notes.add(name + ": corners given the wrong way round; swapped");
            double left = Math.min(x1, x2), right = Math.max(x1, x2), top = Math.min(y1, y2), bottom = Math.max(y1, y2);
            x1 = left;
            x2 = right;
            y1 = top;
            y2 = bottom;
        }
        if ((x2 - x1) * width < 1 || (y2 - y1) * height < 1) {
            rejected.add(name + " has no area (" + pixels((x2 - x1) * width) + " × " + pixels((y2 - y1) * height)
                    + " pixels) and was left out");
            return null;
        }
        if (x1 < 0 || y1 < 0 || x2 > 1 || y2 > 1) {
            if (x2 <= 0 || y2 <= 0 || x1 >= 1 || y1 >= 1) {
                rejected.add(name + " lies wholly outside the image (read as " + convention.describe() + ") and was left out");
                return null;
            }
            notes.add(name + ": reaches past the image edge; clamped to it");
        }
        String label = box.label();
        if (label == null || label.isBlank()) {
            if (label != null) {
                notes.add(name + ": empty label; drawn as '" + fallbackLabel + "'");
            }
            label = fallbackLabel;
        }
        return new Box(label.trim(), box.score(), Box.clamp(Box.round(x1)), Box.clamp(Box.round(y1)),
                Box.clamp(Box.round(x2)), Box.clamp(Box.round(y2)));
    }
}
