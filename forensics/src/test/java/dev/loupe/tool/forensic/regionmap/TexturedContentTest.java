package dev.loupe.tool.forensic.regionmap;

import dev.loupe.image.LoadedImage;
import dev.loupe.image.jpeg.JpegFixtures;
import dev.loupe.tool.forensic.learned.LearnedModels;
import dev.loupe.tool.forensic.learned.PatchModel;
import dev.loupe.tool.forensic.pixel.PixelSource;
import dev.loupe.tool.forensic.region.SuspectRegion;
import dev.loupe.tool.forensic.residual.ResidualMap;
import org.junit.jupiter.api.Test;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.util.List;
import java.util.Optional;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Sharp printed content in a single save: the error levels and the residual light up on its edges, and
 * the map reads them per unit of texture when it holds a component blind to edges.
 */
class TexturedContentTest {

    private static final int WIDTH = 1024;
    private static final int HEIGHT = 768;

    /** A stand-in for the learned model that sees nothing anywhere: a component blind to edges. */
    private static final PatchModel SILENT = new PatchModel() {
        @Override
        public float[] logits(float[] patches, int count) {
            return new float[count];
        }

        @Override
        public String identity() {
            return "silent";
        }
    };

    /** The shipped weights but the stand-in's next to nothing: its zeros do not dilute the others, its presence counts. */
    private static final Weights FAINT_LEARNED = Weights.of(List.of(1.0, 0.0, 0.0, 1.0, 3.0, 1.0, 0.0, 0.01), 2.0);

    @Test
    void sharp_black_text_on_a_flat_card_in_one_save_is_no_suspect_region() {
        RegionMap map = RegionMap.of(printedCard(), FAINT_LEARNED, new LearnedModels.Loaded(SILENT, null));

        assertTrue(map.components().stream().anyMatch(c -> !c.edgeEnergy()), "the stand-in is a component");
        assertTrue(suspect(map).isEmpty(), () -> "no region, got " + suspect(map));
    }

    @Test
    void with_the_edge_detectors_alone_the_map_is_not_discounted_and_the_card_stands_out() {
        RegionMap map = RegionMap.of(printedCard(), FAINT_LEARNED, new LearnedModels.Loaded(null, null));

        assertTrue(map.components().stream().allMatch(Component::edgeEnergy));
        assertTrue(suspect(map).isPresent(), "the text's edges are all the map sees");
    }

    @Test
    void the_text_cells_are_discounted_by_their_texture_and_the_flat_surface_is_not() {
        LoadedImage image = printedCard();
        float[] discount = TextureDiscount.of(ResidualMap.of(image,
                PixelSource.of(image)).texture());
        int cols = (WIDTH - 2) / 32;

        assertTrue(discount[(400 / 32) * cols + 500 / 32] < 0.5, "inside the text: " + discount[(400 / 32) * cols + 500 / 32]);
        assertTrue(discount[(100 / 32) * cols + 100 / 32] == 1f, "the plain surface: " + discount[(100 / 32) * cols + 100 / 32]);
    }

    private static Optional<SuspectRegion> suspect(RegionMap map) {
        return SuspectRegion.largest(map.fused(), Weights.DEFAULT.threshold()).filter(SuspectRegion::localized);
    }

    /** A smooth, gently shaded surface with mild sensor noise, and a card of bold black text on it, saved once. */
    private static LoadedImage printedCard() {
        Random random = new Random(1);
        BufferedImage picture = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < HEIGHT; y++) {
            for (int x = 0; x < WIDTH; x++) {
                double shade = 110 + 40.0 * x / WIDTH + 25 * Math.sin(y / 90.0);
                int v = (int) Math.max(0, Math.min(255, Math.round(shade + 2 * random.nextGaussian())));
                picture.setRGB(x, y, v << 16 | v << 8 | v);
            }
        }
        Graphics2D g = picture.createGraphics();
        g.setColor(new Color(236, 236, 232));
        g.fillRect(300, 220, 420, 300);
        g.setColor(Color.BLACK);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_OFF);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 34));
        for (int line = 0; line < 7; line++) {
            g.drawString("LOUPE 2026 SALE -40%", 318, 262 + 40 * line);
        }
        g.dispose();
        return JpegFixtures.loaded("card.jpg", JpegFixtures.encode(picture, 90));
    }
}
