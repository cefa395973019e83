package dev.loupe.image.jpeg;

import org.junit.jupiter.api.Test;

import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class BaselineWriterTest {

    @Test
    void writes_back_the_coefficients_of_a_4_2_2_camera_file_exactly() {
        byte[] camera = JpegFixtures.resource(JpegFixtures.OREGON);
        JpegStructure structure = JpegStructureParser.parse(camera);

        byte[] written = BaselineWriter.write(structure.frame(), tables(structure), blocks(camera, structure));

        JpegStructure again = JpegStructureParser.parse(written);
        assertEquals(structure.frame().width(), again.frame().width());
        assertEquals(structure.frame().components().size(), again.frame().components().size());
        assertArrayEquals(flat(blocks(camera, structure)), flat(blocks(written, again)));
        BufferedImage decoded = JpegFixtures.decode(written);
        assertEquals(1600, decoded.getWidth());
    }

    @Test
    void writes_a_greyscale_file_with_a_partial_last_block_that_decodes_to_the_same_coefficients() {
        BufferedImage grey = new BufferedImage(37, 21, BufferedImage.TYPE_BYTE_GRAY);
        for (int y = 0; y < 21; y++) {
            for (int x = 0; x < 37; x++) {
                grey.getRaster().setSample(x, y, 0, (x * 7 + y * 13) % 256);
            }
        }
        byte[] jpeg = JpegFixtures.encode(grey, 90);
        JpegStructure structure = JpegStructureParser.parse(jpeg);

        byte[] written = BaselineWriter.write(structure.frame(), tables(structure), blocks(jpeg, structure));

        assertArrayEquals(flat(blocks(jpeg, structure)), flat(blocks(written, JpegStructureParser.parse(written))));
    }

    private static int[][] tables(JpegStructure structure) {
        Frame frame = structure.frame();
        int[][] tables = new int[frame.components().size()][];
        for (int c = 0; c < tables.length; c++) {
            tables[c] = structure.quantTableOf(frame.components().get(c).quantTableId()).orElseThrow().natural();
        }
        return tables;
    }

    private static short[][][] blocks(byte[] jpeg, JpegStructure structure) {
        Frame frame = structure.frame();
        short[][][] blocks = new short[frame.components().size()][][];
        for (int c = 0; c < blocks.length; c++) {
            blocks[c] = new short[frame.blocksAcross(c) * frame.blocksDown(c)][64];
        }
        DecodeOutcome outcome = CoefficientDecoder.decode(jpeg, structure, (component, row, col, zigzag) -> {
            for (int k = 0; k < 64; k++) {
                blocks[component][row * frame.blocksAcross(component) + col][k] = (short) zigzag[k];
            }
        });
        assertEquals(true, outcome.complete(), outcome.problems().toString());
        return blocks;
    }

    private static short[] flat(short[][][] blocks) {
        List<Short> all = new ArrayList<>();
        for (short[][] component : blocks) {
            for (short[] block : component) {
                for (short v : block) {
                    all.add(v);
                }
            }
        }
        short[] out = new short[all.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = all.get(i);
        }
        return out;
    }
}
