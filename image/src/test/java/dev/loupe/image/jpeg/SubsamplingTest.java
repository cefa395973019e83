package dev.loupe.image.jpeg;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SubsamplingTest {

    @Test
    void common_layouts_get_their_usual_names() {
        assertEquals("4:4:4", label(1, 1, 1, 1));
        assertEquals("4:2:2", label(2, 1, 1, 1));
        assertEquals("4:2:0", label(2, 2, 1, 1));
        assertEquals("4:4:0", label(1, 2, 1, 1));
        assertEquals("4:1:1", label(4, 1, 1, 1));
    }

    @Test
    void unusual_layouts_list_their_factors() {
        assertEquals("1x1,2x2,2x2", label(1, 1, 2, 2));
        assertEquals("greyscale", Subsampling.label(new Frame(0xC0, 8, 64, 64, List.of(new FrameComponent(1, 2, 2, 0)))));
    }

    @Test
    void a_4_2_0_frame_of_100_by_50_pixels_has_7_by_4_mcus_and_13_by_7_luma_blocks() {
        Frame frame = frame(2, 2, 1, 1, 100, 50);
        assertEquals(7, frame.mcusAcross());
        assertEquals(4, frame.mcusDown());
        assertEquals(13, frame.blocksAcross(0));
        assertEquals(7, frame.blocksDown(0));
        assertEquals(7, frame.blocksAcross(1));
        assertEquals(4, frame.blocksDown(1));
    }

    private static String label(int lumaH, int lumaV, int chromaH, int chromaV) {
        return Subsampling.label(frame(lumaH, lumaV, chromaH, chromaV, 64, 64));
    }

    private static Frame frame(int lumaH, int lumaV, int chromaH, int chromaV, int width, int height) {
        List<FrameComponent> components = new ArrayList<>();
        components.add(new FrameComponent(1, lumaH, lumaV, 0));
        components.add(new FrameComponent(2, chromaH, chromaV, 1));
        components.add(new FrameComponent(3, chromaH, chromaV, 1));
        return new Frame(0xC0, 8, width, height, components);
    }
}
