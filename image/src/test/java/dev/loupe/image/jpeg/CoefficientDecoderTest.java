package dev.loupe.image.jpeg;

import org.junit.jupiter.api.Test;

import java.awt.image.BufferedImage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CoefficientDecoderTest {

    @Test
    void luminance_from_decoded_coefficients_matches_imageio_pixels_on_a_camera_photo() {
        assertLuminanceMatchesImageIo(JpegFixtures.resource(JpegFixtures.CANON), 1.5);
    }

    @Test
    void luminance_matches_imageio_on_the_nikon_4_2_2_original() {
        assertLuminanceMatchesImageIo(JpegFixtures.resource(JpegFixtures.NIKON), 1.5);
    }

    @Test
    void a_photoshop_file_with_restart_interval_50_and_optimized_tables_decodes_like_imageio() {
        byte[] photoshop = JpegFixtures.resource("/data/images/jpg/7/_DSC6099.jpg");
        assertEquals(50, JpegStructureParser.parse(photoshop).restartInterval());
        assertLuminanceMatchesImageIo(photoshop, 1.5);
    }

    @Test
    void a_greyscale_file_with_2x2_sampling_and_restart_markers_decodes_like_imageio() {
        byte[] grey = JpegFixtures.resource("/data/images/jpg/6/image.jpeg");
        JpegStructure structure = JpegStructureParser.parse(grey);
        assertEquals(32, structure.restartInterval());
        assertEquals(2, structure.frame().components().get(0).h());
        assertLuminanceMatchesImageIo(grey, 1.0);
    }

    @Test
    void greyscale_jpeg_decodes_to_the_same_pixels_as_imageio() {
        BufferedImage colour = JpegFixtures.decode(JpegFixtures.resource(JpegFixtures.GIMP));
        BufferedImage grey = new BufferedImage(colour.getWidth(), colour.getHeight(), BufferedImage.TYPE_BYTE_GRAY);
        grey.getGraphics().drawImage(colour, 0, 0, null);
        byte[] jpeg = JpegFixtures.encode(grey, 85);
        assertEquals(1, JpegStructureParser.parse(jpeg).frame().components().size());
        assertLuminanceMatchesImageIo(jpeg, 1.0);
    }

    @Test
    void progressive_files_from_photoshop_and_a_phone_decode_like_imageio() {
        for (String file : new String[]{"/data/images/jpg/1/Oregon Scientific DS6639 - DSC_0307 - small.jpg",
                "/data/images/jpg/8/20220514_102409.jpg"}) {
            byte[] progressive = JpegFixtures.resource(file);
            assertTrue(JpegStructureParser.parse(progressive).frame().progressive());
            assertLuminanceMatchesImageIo(progressive, 1.5);
        }
    }

    @Test
    void a_progressive_imageio_file_with_successive_approximation_decodes_like_imageio() throws Exception {
        BufferedImage photo = JpegFixtures.scaled(JpegFixtures.decode(JpegFixtures.resource(JpegFixtures.CANON)), 640, 480);
        byte[] progressive = JpegFixtures.encodeProgressive(photo, 85);
        JpegStructure structure = JpegStructureParser.parse(progressive);
        assertTrue(structure.scans().stream().anyMatch(scan -> scan.approximation() != 0), "has refinement scans");
        assertLuminanceMatchesImageIo(progressive, 1.5);
    }

    @Test
    void truncated_scan_yields_the_blocks_decoded_so_far_and_a_problem() {
        byte[] full = JpegFixtures.resource(JpegFixtures.CANON);
        byte[] half = java.util.Arrays.copyOf(full, full.length / 2);
        JpegStructure structure = JpegStructureParser.parse(half);
        int[] blocks = new int[1];
        DecodeOutcome outcome = CoefficientDecoder.decode(half, structure, (c, row, col, z) -> blocks[0]++);
        assertTrue(outcome.decoded());
        assertFalse(outcome.complete());
        assertTrue(outcome.mcusDecoded() > 0 && outcome.mcusDecoded() < outcome.mcusExpected());
        assertTrue(outcome.problems().get(0).contains("truncated"), outcome.problems().toString());
        assertTrue(blocks[0] > 1000);
    }

    private static void assertLuminanceMatchesImageIo(byte[] jpeg, double tolerance) {
        JpegStructure structure = JpegStructureParser.parse(jpeg);
        Frame frame = structure.frame();
        int[] q = structure.quantTableOf(0).orElseThrow().natural();
        int width = frame.blocksAcross(0) * 8;
        int[] luma = new int[width * frame.blocksDown(0) * 8];
        DecodeOutcome outcome = CoefficientDecoder.decode(jpeg, structure, (c, row, col, zigzag) -> {
            if (c == 0) {
                double[] block = new double[64];
                for (int k = 0; k < 64; k++) {
                    block[ZigZag.NATURAL[k]] = zigzag[k] * (double) q[ZigZag.NATURAL[k]];
                }
                double[] pixels = InverseDct.apply(block);
                for (int i = 0; i < 64; i++) {
                    luma[(row * 8 + i / 8) * width + col * 8 + i % 8] = (int) Math.max(0, Math.min(255, Math.round(pixels[i] + 128)));
                }
            }
        });
        assertTrue(outcome.complete(), outcome.problems().toString());
        BufferedImage reference = JpegFixtures.decode(jpeg);
        assertEquals(frame.width(), reference.getWidth());
        long sum = 0;
        long count = 0;
        for (int y = 0; y < frame.height(); y += 3) {
            for (int x = 0; x < frame.width(); x += 3) {
                double expected;
                if (reference.getRaster().getNumBands() == 1) {
                    // getRGB would convert linear grey to sRGB; the raster holds the decoded samples.
                    expected = reference.getRaster().getSample(x, y, 0);
                } else {
                    int rgb = reference.getRGB(x, y);
                    expected = 0.299 * (rgb >> 16 & 255) + 0.587 * (rgb >> 8 & 255) + 0.114 * (rgb & 255);
                }
                sum += Math.abs(Math.round(expected) - luma[y * width + x]);
                count++;
            }
        }
        double meanAbsoluteDifference = (double) sum / count;
        assertTrue(meanAbsoluteDifference < tolerance, "mean absolute difference " + meanAbsoluteDifference);
    }
}
