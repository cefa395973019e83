package dev.loupe.image.jpeg;

import org.junit.jupiter.api.Test;

import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import java.awt.image.BufferedImage;
import java.awt.image.Raster;
import java.awt.image.WritableRaster;
import java.io.ByteArrayInputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FourComponentTest {

    @Test
    void every_component_of_a_four_component_jpeg_decodes_like_the_imageio_raster() throws Exception {
        BufferedImage photo = JpegFixtures.scaled(JpegFixtures.decode(JpegFixtures.resource(JpegFixtures.GIMP)), 200, 152);
        WritableRaster raster = Raster.createInterleavedRaster(java.awt.image.DataBuffer.TYPE_BYTE, 200, 152, 4, null);
        for (int y = 0; y < 152; y++) {
            for (int x = 0; x < 200; x++) {
                int rgb = photo.getRGB(x, y);
                raster.setPixel(x, y, new int[]{rgb >> 16 & 255, rgb >> 8 & 255, rgb & 255, (x + y) & 255});
            }
        }
        byte[] jpeg = JpegFixtures.encode(raster, 90);
        JpegStructure structure = JpegStructureParser.parse(jpeg);
        assertEquals(4, structure.frame().components().size());
        Raster reference = readRaster(jpeg);

        double[] difference = new double[4];
        DecodeOutcome outcome = CoefficientDecoder.decode(jpeg, structure, (c, row, col, zigzag) -> {
            int[] q = structure.quantTableOf(c).orElseThrow().natural();
            double[] block = new double[64];
            for (int k = 0; k < 64; k++) {
                block[ZigZag.NATURAL[k]] = zigzag[k] * (double) q[ZigZag.NATURAL[k]];
            }
            double[] samples = InverseDct.apply(block);
            for (int i = 0; i < 64; i++) {
                int x = col * 8 + i % 8;
                int y = row * 8 + i / 8;
                if (x < 200 && y < 152) {
                    long ours = Math.max(0, Math.min(255, Math.round(samples[i] + 128)));
                    difference[c] += Math.abs(ours - reference.getSample(x, y, c));
                }
            }
        });
        assertTrue(outcome.complete(), outcome.problems().toString());
        for (int c = 0; c < 4; c++) {
            assertTrue(difference[c] / (200 * 152) < 1.0, "component " + c + ": " + difference[c] / (200 * 152));
        }
    }

    private static Raster readRaster(byte[] jpeg) throws Exception {
        ImageReader reader = ImageIO.getImageReadersByFormatName("jpeg").next();
        try (ImageInputStream in = ImageIO.createImageInputStream(new ByteArrayInputStream(jpeg))) {
            reader.setInput(in);
            return reader.readRaster(0, null);
        } finally {
            reader.dispose();
        }
    }
}
