package dev.loupe.tool.forensic.ela;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.image.LoadedImage;
import dev.loupe.tool.Finding;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.ToolStatus;
import dev.loupe.image.jpeg.CoefficientDecoder;
import dev.loupe.tool.forensic.PhotoFixtures;
import dev.loupe.tool.forensic.jpeg.CoefficientPass;
import dev.loupe.tool.forensic.jpeg.IjgQuality;
import dev.loupe.image.jpeg.JpegStructure;
import dev.loupe.image.jpeg.JpegStructureParser;
import dev.loupe.tool.forensic.jpeg.RequantizationError;
import dev.loupe.image.jpeg.JpegFixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static dev.loupe.tool.forensic.ToolRuns.assertLocated;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ElaToolTest {

    private static final Rectangle PASTED = new Rectangle(403, 301, 240, 176);

    private final ElaTool tool = new ElaTool();

    @Test
    void a_patch_from_a_q50_jpeg_pasted_into_a_once_shared_photo_is_the_largest_outlier_region(@TempDir Path dir) throws Exception {
        // A camera photo that went through one q90 save (as shared photos do), a patch of another
        // camera photo compressed at q50 pasted off the block grid, the result saved at q95.
        BufferedImage edited = copy(sharedCrop(JpegFixtures.NIKON));
        BufferedImage donor = JpegFixtures.decode(JpegFixtures.encode(JpegFixtures.decode(JpegFixtures.resource(JpegFixtures.CANON))
                .getSubimage(800, 600, 400, 300), 50));
        edited.getGraphics().drawImage(donor.getSubimage(0, 0, PASTED.width, PASTED.height), PASTED.x, PASTED.y, null);
        ToolResult result = run(JpegFixtures.encode(edited, 95), dir, null);

        assertEquals(List.of("ela_localized_anomaly"), codes(result));
        assertLocated(result.data().get("largest_regions").get(0), PASTED, 0.8, 0);
        assertEquals(List.of(dir.resolve("ela-q90.png").toString()), result.artifacts());
        BufferedImage heatmap = ImageIO.read(dir.resolve("ela-q90.png").toFile());
        assertEquals(128 * 8, heatmap.getWidth()); // 128 block columns, each drawn 8 pixels wide
    }

    @Test
    void untouched_photos_resaved_show_no_localized_anomaly() throws Exception {
        for (String photo : List.of(JpegFixtures.NIKON, JpegFixtures.CANON)) {
            ToolResult once = run(JpegFixtures.encode(cameraCrop(photo), 95), null, null);
            assertEquals(List.of("ela_uniform"), codes(once), photo);
            ToolResult twice = run(JpegFixtures.encode(sharedCrop(photo), 95), null, null);
            assertEquals(List.of("ela_uniform"), codes(twice), photo);
            assertEquals("luminance", twice.data().get("channel").asText());
        }
    }

    @Test
    void dct_domain_error_levels_track_pixel_domain_ela_on_a_greyscale_photo() throws Exception {
        BufferedImage grey = new BufferedImage(1024, 768, BufferedImage.TYPE_BYTE_GRAY);
        grey.getGraphics().drawImage(cameraCrop(JpegFixtures.CANON), 0, 0, null);
        byte[] jpeg = JpegFixtures.encode(grey, 95);
        float[] ours = dctErrorLevels(jpeg, 90);

        BufferedImage decoded = JpegFixtures.decode(jpeg);
        BufferedImage resaved = JpegFixtures.decode(JpegFixtures.encode(decoded, 90));
        double sumOurs = 0;
        double sumPixels = 0;
        double sumProducts = 0;
        double sumOursSquared = 0;
        double sumPixelsSquared = 0;
        int n = ours.length;
        for (int block = 0; block < n; block++) {
            int bx = block % 128 * 8;
            int by = block / 128 * 8;
            double energy = 0;
            for (int y = by; y < by + 8; y++) {
                for (int x = bx; x < bx + 8; x++) {
                    int d = decoded.getRaster().getSample(x, y, 0) - resaved.getRaster().getSample(x, y, 0);
                    energy += d * d;
                }
            }
            double pixel = Math.sqrt(energy / 64);
            sumOurs += ours[block];
            sumPixels += pixel;
            sumProducts += ours[block] * pixel;
            sumOursSquared += ours[block] * ours[block];
            sumPixelsSquared += pixel * pixel;
        }
        double correlation = (n * sumProducts - sumOurs * sumPixels)
                / Math.sqrt((n * sumOursSquared - sumOurs * sumOurs) * (n * sumPixelsSquared - sumPixels * sumPixels));
        assertTrue(correlation > 0.9, "correlation " + correlation);
        assertTrue(Math.abs(sumOurs - sumPixels) / sumPixels < 0.25, "means " + sumOurs / n + " vs " + sumPixels / n);
    }

    @Test
    void the_quality_argument_names_the_heatmap_and_changes_the_errors(@TempDir Path dir) throws Exception {
        byte[] jpeg = JpegFixtures.encode(cameraCrop(JpegFixtures.NIKON), 95);
        ToolResult q75 = run(jpeg, dir, new ObjectMapper().readTree("{\"quality\":75}"));
        ToolResult q90 = run(jpeg, dir, null);
        assertEquals(75, q75.data().get("quality").asInt());
        assertTrue(Files.exists(dir.resolve("ela-q75.png")));
        assertTrue(q75.data().get("mean").asDouble() > q90.data().get("mean").asDouble());
    }

    @Test
    void the_decode_shared_with_the_jpeg_tool_gives_the_same_error_map_as_a_direct_decode() throws Exception {
        byte[] jpeg = JpegFixtures.encode(cameraCrop(JpegFixtures.CANON), 95);
        LoadedImage image = PhotoFixtures.loaded("crop.jpg", jpeg);
        float[] shared = CoefficientPass.of(image).errorLevels();
        assertArrayEquals(dctErrorLevels(jpeg, CoefficientPass.DEFAULT_ELA_QUALITY), shared);
        assertSame(shared, CoefficientPass.of(image).errorLevels());
        CoefficientPass.release(image);
    }

    @Test
    void a_png_is_not_applicable() throws Exception {
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        ImageIO.write(new BufferedImage(16, 16, BufferedImage.TYPE_INT_RGB), "png", png);
        ToolResult result = run(png.toByteArray(), null, null);
        assertEquals(ToolStatus.NOT_APPLICABLE, result.status());
        assertTrue(result.error().startsWith("ELA needs a JPEG"));
    }

    @Test
    void a_progressive_jpeg_is_analysed_from_its_luminance_coefficients() throws Exception {
        byte[] progressive = JpegFixtures.encodeProgressive(cameraCrop(JpegFixtures.NIKON), 95);
        byte[] baseline = JpegFixtures.encode(cameraCrop(JpegFixtures.NIKON), 95);
        ToolResult fromProgressive = run(progressive, null, null);
        assertEquals(ToolStatus.OK, fromProgressive.status());
        // Same coefficients, other entropy coding: the same error levels.
        assertEquals(run(baseline, null, null).data().get("mean"), fromProgressive.data().get("mean"));
    }

    @Test
    void a_lossless_jpeg_is_not_applicable_with_the_reason() throws Exception {
        ToolResult result = run(JpegFixtures.tinyJpeg(64, 64, 0xC3), null, null);
        assertEquals(ToolStatus.NOT_APPLICABLE, result.status());
        assertTrue(result.error().contains("SOF3"), result.error());
    }

    @Test
    void a_truncated_jpeg_gives_a_partial_map_and_says_so() throws Exception {
        byte[] full = JpegFixtures.encode(cameraCrop(JpegFixtures.NIKON), 95);
        ToolResult result = run(java.util.Arrays.copyOf(full, full.length / 2), null, null);
        assertEquals(ToolStatus.OK, result.status());
        assertEquals(false, result.data().get("decode_complete").asBoolean());
        int blocks = result.data().get("blocks").asInt();
        assertTrue(blocks > 1000 && blocks < 128 * 96, "blocks " + blocks);
    }

    /** A 1024×768 crop of a camera original, on the camera's block grid. */
    static BufferedImage cameraCrop(String photo) {
        return copy(JpegFixtures.decode(JpegFixtures.resource(photo)).getSubimage(320, 320, 1024, 768));
    }

    /** The crop after one save at q90, decoded. */
    static BufferedImage sharedCrop(String photo) {
        return JpegFixtures.decode(JpegFixtures.encode(cameraCrop(photo), 90));
    }

    private static float[] dctErrorLevels(byte[] jpeg, int quality) {
        JpegStructure structure = JpegStructureParser.parse(jpeg);
        RequantizationError visitor = new RequantizationError(structure.frame(),
                structure.quantTableOf(0).orElseThrow().natural(), IjgQuality.table(true, quality));
        CoefficientDecoder.decode(jpeg, structure, visitor);
        return visitor.rms();
    }

    private static BufferedImage copy(BufferedImage source) {
        BufferedImage copy = new BufferedImage(source.getWidth(), source.getHeight(), BufferedImage.TYPE_INT_RGB);
        copy.getGraphics().drawImage(source, 0, 0, null);
        return copy;
    }

    private ToolResult run(byte[] jpeg, Path dir, JsonNode arguments) throws Exception {
        return tool.run(new ToolContext(JpegFixtures.loaded("test.jpg", jpeg), dir), arguments);
    }

    private static List<String> codes(ToolResult result) {
        return result.findings().stream().map(Finding::code).toList();
    }
}
