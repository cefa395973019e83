package dev.loupe.tool;

import dev.loupe.image.LoadedImage;
import dev.loupe.image.jpeg.DecodedPlanes;

/**
 * A decode of the analysis' image that tools share (the JPEG coefficient pass), which a tool
 * declares through {@link ToolDefinition#sharedDecode()} so that the rest of the graph reuses it instead of
 * decoding the image again: the image a graph sends its models is made from these planes when one of
 * its tools declares them.
 */
public interface SharedDecode {

    /**
     * The image's planes from this decode, decoding if no tool has yet; null when this decode does
     * not give them for this image (not a completely decodable baseline JPEG of its stated size).
     */
    DecodedPlanes planes(LoadedImage image);

    /**
     * Forgets what this decode holds for {@code image}: the run that needed it has ended. A later
     * run of the same image decodes again.
     */
    void release(LoadedImage image);
}
