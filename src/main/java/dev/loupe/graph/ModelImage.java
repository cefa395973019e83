package dev.loupe.graph;

import dev.loupe.core.ComputeBudget;
import dev.loupe.image.EncodedImage;
import dev.loupe.image.ImageEncoder;
import dev.loupe.image.ImageFormat;
import dev.loupe.image.LoadedImage;
import dev.loupe.image.jpeg.DecodedPlanes;
import dev.loupe.image.jpeg.JpegStructureParser;
import dev.loupe.tool.forensic.jpeg.CoefficientPass;

import java.util.Set;

/**
 * The image every node of an analysis sends a model (the vision call, the agent's task when it
 * passes the image): encoded once per analysis and kept with the image. It is made from whichever
 * decode the analysis pays anyway. A graph running the coefficient tools pays the shared coefficient
 * pass, whose planes give a baseline JPEG's model-sized image with no second decode; any other graph
 * (or image) uses the pixel decode its own tools share.
 */
final class ModelImage {

    /** The tools that read the shared coefficient pass ({@link CoefficientPass}), by registry name. */
    static final Set<String> COEFFICIENT_TOOLS = Set.of("jpeg", "ela", "noise", "copy_move", "thumbnail");

    private ModelImage() {
    }

    /** The image sent to this graph's models, at its vision {@link VisionSpec#sentSide()}. */
    static EncodedImage of(LoadedImage image, GraphSpec spec) {
        int side = spec.vision().sentSide();
        boolean planes = spec.agent().enabled() && spec.tools().names().stream().anyMatch(COEFFICIENT_TOOLS::contains);
        // The decode behind it is CPU work: it waits for a core like a tool call does.
        return ComputeBudget.run(() -> image.encoded(side, loaded -> encode(loaded, new ImageEncoder(side), planes)));
    }

    private static EncodedImage encode(LoadedImage image, ImageEncoder encoder, boolean fromPlanes) {
        DecodedPlanes planes = fromPlanes ? planes(image) : null;
        return planes != null ? encoder.encode(planes) : encoder.encode(image);
    }

    /** The planes of a completely decoded baseline JPEG of the stated size, else null. */
    private static DecodedPlanes planes(LoadedImage image) {
        if (image.format() != ImageFormat.JPEG || !JpegStructureParser.looksLikeJpeg(image.bytes())) {
            return null;
        }
        DecodedPlanes planes = CoefficientPass.of(image.bytes()).planes();
        return planes != null && planes.width() == image.width() && planes.height() == image.height() ? planes : null;
    }
}
