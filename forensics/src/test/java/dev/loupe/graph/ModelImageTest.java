package dev.loupe.graph;

import dev.loupe.image.ImageLoader;
import dev.loupe.image.LoadedImage;
import dev.loupe.tool.ToolRegistry;
import dev.loupe.tool.forensic.jpeg.CoefficientPass;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

/** The model image reuses the decode a graph's tools declare, and only when those tools run. */
class ModelImageTest {

    private static final GraphSpec FORENSIC = GraphSpecParser.load(GraphFiles.bundled(), "forensic");

    @Test
    void a_graph_whose_tools_declare_the_coefficient_pass_makes_its_model_image_from_it() {
        ToolRegistry tools = ToolRegistry.discover().select(List.of("metadata", "jpeg_ghost"));

        ModelImage image = ModelImage.of(FORENSIC, tools);

        assertSame(CoefficientPass.SHARED, image.decode());
        assertEquals(FORENSIC.vision().sentSide(), image.side());
    }

    @Test
    void tools_that_declare_no_shared_decode_leave_the_model_image_to_the_pixel_decode() {
        ModelImage image = ModelImage.of(FORENSIC, ToolRegistry.discover().select(List.of("metadata", "provenance")));

        assertNull(image.decode());
    }

    @Test
    void a_graph_that_skips_its_agent_pays_for_no_tool_decode() {
        GraphSpec noTools = GraphOverrides.none().useTools(false).applyTo(FORENSIC);

        assertNull(ModelImage.of(noTools, ToolRegistry.discover().select(List.of("jpeg", "ela"))).decode());
    }

    @Test
    void the_model_image_of_a_camera_jpeg_is_encoded_once_from_the_planes_at_the_sent_side() {
        LoadedImage photo = new ImageLoader().load(Path.of("evaluation/samples/camera-original.jpg"));
        ModelImage image = ModelImage.of(FORENSIC, ToolRegistry.discover().select(List.of("ela")));

        var first = image.of(photo);

        assertNotNull(CoefficientPass.planes(photo));
        assertSame(first, image.of(photo));
        assertEquals(FORENSIC.vision().sentSide(), Math.max(first.width(), first.height()));
    }
}
