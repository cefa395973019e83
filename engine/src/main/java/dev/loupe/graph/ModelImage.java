package dev.loupe.graph;

import dev.loupe.core.StartupMarks;
import dev.loupe.core.ComputeBudget;
import dev.loupe.image.EncodedImage;
import dev.loupe.image.ImageEncoder;
import dev.loupe.image.LoadedImage;
import dev.loupe.image.jpeg.DecodedPlanes;
import dev.loupe.tool.SharedDecode;
import dev.loupe.tool.Tool;
import dev.loupe.tool.ToolRegistry;

import java.util.List;
import java.util.Optional;

/**
 * The image every node of an analysis sends a model (the vision call, the agent's task when it
 * passes the image): encoded once per analysis and kept with the image. It is made from whichever
 * decode the analysis pays anyway. When one of the graph's tools declares a {@link SharedDecode}
 * (the coefficient tools share one pass whose planes give a baseline JPEG's model-sized image), the
 * image comes from its planes with no second decode; otherwise (or for an image it does not decode)
 * from the pixel decode the graph's own tools share.
 *
 * @param side   the longer side sent, the vision settings' {@link VisionSpec#sentSide()}
 * @param decode the shared decode of the graph's tools, or null when none runs
 */
record ModelImage(int side, SharedDecode decode) {

    /** The model image of a graph running {@code tools} (its selected tools). */
    static ModelImage of(GraphSpec spec, ToolRegistry tools) {
        return new ModelImage(spec.vision().sentSide(), sharedDecodes(spec, tools).stream().findFirst().orElse(null));
    }

    /** The shared decodes of a graph running {@code tools} (its selected tools), in the tools' order. */
    static List<SharedDecode> sharedDecodes(GraphSpec spec, ToolRegistry tools) {
        // The tools run only when the agent does: otherwise nobody pays for their decode.
        return !spec.agent().enabled() ? List.of()
                : tools.all().stream().map(tool -> tool.definition().sharedDecode()).flatMap(Optional::stream).distinct().toList();
    }

    /** The image as sent, encoded on first use and kept with the image. */
    EncodedImage of(LoadedImage image) {
        // The decode behind it is CPU work: it waits for a core like a tool call does.
        return ComputeBudget.run(() -> image.encoded(side, loaded -> encode(loaded, new ImageEncoder(side))));
    }

    private EncodedImage encode(LoadedImage image, ImageEncoder encoder) {
        StartupMarks.mark("model image: decode");
        DecodedPlanes planes = decode == null ? null : decode.planes(image);
        StartupMarks.mark("model image: decoded");
        EncodedImage encoded = planes != null ? encoder.encode(planes) : encoder.encode(image);
        StartupMarks.mark("model image: encoded");
        return encoded;
    }
}
