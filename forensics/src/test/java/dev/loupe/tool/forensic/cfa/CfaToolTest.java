package dev.loupe.tool.forensic.cfa;

import dev.loupe.image.LoadedImage;
import dev.loupe.image.jpeg.JpegFixtures;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.forensic.ForgeryImages;
import dev.loupe.tool.forensic.LocalForgeries;
import dev.loupe.tool.forensic.PhotoFixtures;
import org.junit.jupiter.api.Test;

import javax.imageio.ImageIO;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CfaToolTest {

    private final CfaTool tool = new CfaTool();

    @Test
    void a_bilinearly_demosaiced_picture_keeps_the_trace() throws Exception {
        ToolResult result = tool.run(ToolContext.of(png(demosaiced(scene()))), null);

        assertEquals("cfa_consistent", result.findings().get(0).code(), result.findings().get(0).detail());
        assertTrue(result.data().get("strength").asDouble() >= CfaTool.MIN_STRENGTH);
    }

    @Test
    void a_picture_never_demosaiced_has_no_trace() throws Exception {
        ToolResult result = tool.run(ToolContext.of(png(scene())), null);

        assertEquals("cfa_trace_absent", result.findings().get(0).code());
    }

    @Test
    void a_region_pasted_from_a_picture_without_the_trace_breaks_it_there() throws Exception {
        BufferedImage scene = scene();
        BufferedImage forged = ForgeryImages.pasted(demosaiced(scene), scene.getSubimage(0, 0, 400, 300),
                LocalForgeries.REGION);
        ToolResult result = tool.run(ToolContext.of(png(forged)), null);

        assertEquals("cfa_inconsistent_region", result.findings().get(0).code(), result.findings().get(0).detail());
        var r = result.data().get("region");
        Rectangle found = new Rectangle(r.get("x").asInt(), r.get("y").asInt(), r.get("width").asInt(), r.get("height").asInt());
        assertTrue(found.intersects(LocalForgeries.REGION), "found " + found);
    }

    /** A camera photo shrunk by two in each direction (box means): real content, no demosaicing trace left. */
    private static BufferedImage scene() {
        BufferedImage photo = JpegFixtures.decode(JpegFixtures.resource(PhotoFixtures.NIKON));
        return JpegFixtures.scaled(photo.getSubimage(0, 0, 2048, 1536), 1024, 768);
    }

    /** The scene sampled through an RGGB Bayer mosaic and interpolated back bilinearly, as a simple camera does. */
    static BufferedImage demosaiced(BufferedImage scene) {
        int w = scene.getWidth();
        int h = scene.getHeight();
        int[][] mosaic = new int[h][w];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int p = scene.getRGB(x, y);
                int channel = (y & 1) == 0 ? ((x & 1) == 0 ? 0 : 1) : ((x & 1) == 0 ? 1 : 2);
                mosaic[y][x] = p >> (16 - 8 * channel) & 255;
            }
        }
        BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int rgb = 0;
                for (int channel = 0; channel < 3; channel++) {
                    int sum = 0;
                    int n = 0;
                    for (int dy = -1; dy <= 1; dy++) {
                        for (int dx = -1; dx <= 1; dx++) {
                            int yy = Math.max(0, Math.min(h - 1, y + dy));
                            int xx = Math.max(0, Math.min(w - 1, x + dx));
                            int c = (yy & 1) == 0 ? ((xx & 1) == 0 ? 0 : 1) : ((xx & 1) == 0 ? 1 : 2);
                            boolean near = channel == 1 ? Math.abs(dx) + Math.abs(dy) <= 1 : true;
                            if (c == channel && near) {
                                sum += mosaic[yy][xx];
                                n++;
                            }
                        }
                    }
                    int own = (y & 1) == 0 ? ((x & 1) == 0 ? 0 : 1) : ((x & 1) == 0 ? 1 : 2);
                    int value = own == channel ? mosaic[y][x] : Math.round((float) sum / Math.max(1, n));
                    rgb |= value << (16 - 8 * channel);
                }
                out.setRGB(x, y, rgb);
            }
        }
        return out;
    }

    private static LoadedImage png(BufferedImage picture) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(picture, "png", out);
        return PhotoFixtures.loaded("picture.png", out.toByteArray());
    }
}
