package dev.loupe.tool.forensic.thumbnail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.loupe.eval.devset.Forgeries;
import dev.loupe.tool.Finding;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.forensic.CarefulForgeries;
import dev.loupe.tool.forensic.PhotoFixtures;
import dev.loupe.tool.forensic.region.PixelBox;
import org.junit.jupiter.api.Test;

import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntBinaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Local retouches of the Canon SD750 photo saved as the camera would (its tables, EXIF and thumbnail;
 * {@link CarefulForgeries}): the structure the thumbnail shows is unchanged, the region's tone or colour
 * is not.
 */
class ThumbnailToneShiftTest {

    private static final int WIDTH = 3072;
    private static final int HEIGHT = 2304;
    private static final Rectangle REGION = Forgeries.retouchRegion(WIDTH, HEIGHT);

    private final ThumbnailTool tool = new ThumbnailTool();

    @Test
    void locates_a_region_median_filtered_and_brightened_after_capture() {
        ToolResult result = run(edited((image, x, y) -> plus(median(image, x, y), 12, 12, 12)));

        JsonNode shift = assertLocated(result);
        for (JsonNode level : shift.get("shift_rgb")) {
            assertTrue(level.asDouble() > 6, shift.toString());
        }
    }

    @Test
    void locates_a_recoloured_region_and_says_which_way_its_colour_moved() {
        ToolResult result = run(edited((image, x, y) -> plus(image.getRGB(x, y), 16, 0, -16)));

        JsonNode shift = assertLocated(result);
        assertTrue(shift.get("shift_rgb").get(0).asDouble() > 8, shift.toString());
        assertTrue(Math.abs(shift.get("shift_rgb").get(1).asDouble()) < 4, shift.toString());
        assertTrue(shift.get("shift_rgb").get(2).asDouble() < -8, shift.toString());
    }

    @Test
    void locates_a_region_blurred_and_darkened_after_capture() {
        ToolResult result = run(edited((image, x, y) -> plus(blurred(image, x, y), -12, -12, -12)));

        JsonNode shift = assertLocated(result);
        assertTrue(shift.get("shift_rgb").get(1).asDouble() < -6, shift.toString());
    }

    @Test
    void finds_no_tone_shift_in_the_camera_photo_saved_again_with_its_own_tables() {
        ToolResult result = tool.run(context(CarefulForgeries.resave()), JsonNodeFactory.instance.objectNode());

        assertEquals(List.of("thumbnail_consistent"), codes(result));
        for (JsonNode shift : result.data().get("tone_shifts")) {
            assertTrue(shift.get("score").asDouble() < ToneShifts.FINDING_SCORE, shift.toString());
        }
    }

    @Test
    void a_tone_curve_fitted_where_a_tenth_of_the_pixels_moved_keeps_the_rest_s_curve() {
        int n = 2000;
        float[][] thumb = new float[3][n];
        float[] picture = new float[n];
        for (int i = 0; i < n; i++) {
            float t = (i * 37 % 256);
            thumb[0][i] = t;
            thumb[1][i] = (i * 53 % 256);
            thumb[2][i] = (i * 91 % 256);
            // a camera's gamma between thumbnail and picture, a little cross-talk from green, and a lifted tenth
            picture[i] = (float) (255 * Math.pow(t / 255, 0.8) + 0.05 * (thumb[1][i] - 128)) + (i % 10 == 0 ? 20 : 0);
        }

        ToneCurve curve = ToneCurve.fit(thumb, 0, picture);

        double[] errors = new double[n];
        for (int i = 0; i < n; i++) {
            errors[i] = Math.abs(picture[i] - curve.apply(thumb, i));
        }
        Arrays.sort(errors);
        assertTrue(errors[n / 2] < 1.5, "median error " + errors[n / 2]);
        assertTrue(errors[n - n / 20] > 15, "the lifted tenth stays off the curve: " + errors[n - n / 20]);
    }

    /** The one finding is a located tone shift; returns the strongest shift's data. */
    private static JsonNode assertLocated(ToolResult result) {
        assertEquals(List.of("thumbnail_tone_shift"), codes(result), result.toJson().toString());
        JsonNode shift = result.data().get("tone_shifts").get(0);
        JsonNode b = shift.get("box");
        PixelBox found = new PixelBox(b.get("x").asInt(), b.get("y").asInt(), b.get("width").asInt(), b.get("height").asInt());
        PixelBox truth = new PixelBox(REGION.x, REGION.y, REGION.width, REGION.height);
        assertTrue(found.iou(truth) >= 0.5, "IoU " + found.iou(truth) + " of " + found + " with " + truth);
        assertTrue(result.findings().get(0).detail().contains(found.toString()), result.findings().get(0).detail());
        return shift;
    }

    private ToolResult run(BufferedImage edited) {
        return tool.run(context(CarefulForgeries.encode(edited)), JsonNodeFactory.instance.objectNode());
    }

    private static ToolContext context(byte[] bytes) {
        return new ToolContext(PhotoFixtures.loaded("retouched.jpg", bytes), null);
    }

    private static List<String> codes(ToolResult result) {
        return result.findings().stream().map(Finding::code).toList();
    }

    /** A pixel operation on the source image: returns the packed RGB of the edited pixel. */
    private interface Edit {
        int at(BufferedImage source, int x, int y);
    }

    private static BufferedImage edited(Edit edit) {
        BufferedImage source = CarefulForgeries.pixels();
        BufferedImage out = Forgeries.copy(source);
        for (int y = REGION.y; y < REGION.y + REGION.height; y++) {
            for (int x = REGION.x; x < REGION.x + REGION.width; x++) {
                out.setRGB(x, y, edit.at(source, x, y));
            }
        }
        return out;
    }

    /** The 5×5 median per channel. */
    private static int median(BufferedImage image, int x, int y) {
        return perChannel((shift, unused) -> {
            int[] values = new int[25];
            int k = 0;
            for (int dy = -2; dy <= 2; dy++) {
                for (int dx = -2; dx <= 2; dx++) {
                    values[k++] = image.getRGB(x + dx, y + dy) >> shift & 0xFF;
                }
            }
            Arrays.sort(values);
            return values[12];
        });
    }

    /** A 3×3 binomial (Gaussian-like) blur per channel. */
    private static int blurred(BufferedImage image, int x, int y) {
        int[] kernel = {1, 2, 1};
        return perChannel((shift, unused) -> {
            int sum = 0;
            for (int dy = -1; dy <= 1; dy++) {
                for (int dx = -1; dx <= 1; dx++) {
                    sum += kernel[dy + 1] * kernel[dx + 1] * (image.getRGB(x + dx, y + dy) >> shift & 0xFF);
                }
            }
            return (sum + 8) / 16;
        });
    }

    private static int perChannel(IntBinaryOperator channel) {
        return channel.applyAsInt(16, 0) << 16 | channel.applyAsInt(8, 0) << 8 | channel.applyAsInt(0, 0);
    }

    private static int plus(int rgb, int red, int green, int blue) {
        return level((rgb >> 16 & 0xFF) + red) << 16 | level((rgb >> 8 & 0xFF) + green) << 8 | level((rgb & 0xFF) + blue);
    }

    private static int level(int value) {
        return Math.max(0, Math.min(255, value));
    }
}
