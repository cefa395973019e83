package dev.loupe.tool.forensic.learned;

import dev.loupe.image.LoadedImage;
import dev.loupe.tool.Finding;
import dev.loupe.tool.forensic.PhotoFixtures;
import dev.loupe.tool.forensic.pixel.PixelSource;
import org.junit.jupiter.api.Test;

import java.awt.image.BufferedImage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * When a high picture score is a suspect region: the cells behind it must gather. A stand-in network
 * reads a patch's mean level (bright: manipulated), on 640×480 grey pictures of 300 cells of 32 pixels.
 */
class LearnedFindingTest {

    private static final int CELL = 32;

    /** A stand-in network: a patch's logit rises with its mean level, 0 at mid-grey. */
    private static final PatchModel BRIGHT_IS_EDITED = new PatchModel() {
        @Override
        public float[] logits(float[] patches, int count) {
            int pixels = patches.length / count;
            float[] logits = new float[count];
            for (int i = 0; i < count; i++) {
                double sum = 0;
                for (int j = 0; j < pixels; j++) {
                    sum += patches[i * pixels + j];
                }
                logits[i] = (float) ((sum / pixels - 128) / 8);
            }
            return logits;
        }

        @Override
        public String identity() {
            return "bright sha256:0";
        }
    };

    @Test
    void a_high_score_carried_by_lone_cells_across_the_picture_is_no_suspect_region() {
        BufferedImage picture = grey();
        // twelve cells, three cells apart each way: no 3x3 window holds two of them
        for (int i = 0; i < 12; i++) {
            brighten(picture, 1 + 4 * (i % 4), 1 + 4 * (i / 4), 1, 1);
        }
        LearnedMap map = LearnedMap.measure(PixelSource.of(png(picture)), BRIGHT_IS_EDITED);

        Finding finding = LearnedResidualTool.finding(map.score(), LearnedResidualTool.largest(map));

        assertTrue(map.score() >= LearnedResidualTool.SUSPECT_SCORE, "score " + map.score());
        assertEquals("learned_consistent", finding.code());
        assertTrue(finding.detail().contains("gather in no region") && finding.detail().contains("fewer than 6"), finding.detail());
    }

    @Test
    void a_high_score_carried_by_one_solid_group_of_cells_is_a_suspect_region_and_names_it() {
        BufferedImage picture = grey();
        brighten(picture, 8, 5, 5, 4);
        LearnedMap map = LearnedMap.measure(PixelSource.of(png(picture)), BRIGHT_IS_EDITED);

        Finding finding = LearnedResidualTool.finding(map.score(), LearnedResidualTool.largest(map));

        assertEquals("learned_suspect_region", finding.code());
        assertTrue(finding.detail().contains("it points at"), finding.detail());
    }

    @Test
    void a_score_below_the_bar_is_consistent_whatever_its_cells_gather() {
        BufferedImage picture = grey();
        brighten(picture, 8, 5, 5, 4);
        LearnedMap map = LearnedMap.measure(PixelSource.of(png(picture)), BRIGHT_IS_EDITED);

        Finding finding = LearnedResidualTool.finding(LearnedResidualTool.SUSPECT_SCORE - 0.01, LearnedResidualTool.largest(map));

        assertEquals("learned_consistent", finding.code());
        assertTrue(finding.detail().contains("below 0.965"), finding.detail());
    }

    /** Mid-grey with a faint deterministic texture, so the picture is not flat. */
    private static BufferedImage grey() {
        BufferedImage picture = new BufferedImage(640, 480, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < picture.getHeight(); y++) {
            for (int x = 0; x < picture.getWidth(); x++) {
                int v = 128 + (x * 7 + y * 13) % 5 - 2;
                picture.setRGB(x, y, v << 16 | v << 8 | v);
            }
        }
        return picture;
    }

    /** The cells from ({@code column}, {@code row}), {@code columns} × {@code rows} of them, lifted to level 220. */
    private static void brighten(BufferedImage picture, int column, int row, int columns, int rows) {
        for (int y = row * CELL; y < (row + rows) * CELL; y++) {
            for (int x = column * CELL; x < (column + columns) * CELL; x++) {
                picture.setRGB(x, y, 220 << 16 | 220 << 8 | 220);
            }
        }
    }

    private static LoadedImage png(BufferedImage picture) {
        return PhotoFixtures.loaded("cells.png", PhotoFixtures.png(picture));
    }
}
