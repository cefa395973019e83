package dev.loupe.tool.forensic.region;

import dev.loupe.tool.forensic.region.PixelBox;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * The optional {@code region} argument of the tools that can look at one part of the image (the
 * offline policy's second look passes the region another tool pointed at): a box in pixels.
 */
public final class RegionArgument {

    /** The argument's JSON Schema, for a tool's {@code properties}. */
    public static final String SCHEMA = """
            "region":{"type":"object","description":"box to test against the rest, in pixels",
                      "properties":{"x":{"type":"integer","minimum":0},"y":{"type":"integer","minimum":0},
                                    "width":{"type":"integer","minimum":1},"height":{"type":"integer","minimum":1}},
                      "required":["x","y","width","height"],"additionalProperties":false}""";

    /** The whole argument schema of a tool whose only argument is the optional region. */
    public static final String TOOL_SCHEMA = "{\"type\":\"object\",\"properties\":{" + SCHEMA + "},\"additionalProperties\":false}";

    private RegionArgument() {
    }

    /**
     * The region asked for, clipped to the image; empty when none was asked for.
     *
     * @throws IllegalArgumentException when the box lies outside the image, with the sentence to show the model
     */
    public static Optional<PixelBox> of(JsonNode arguments, int imageWidth, int imageHeight) {
        if (arguments == null || !arguments.has("region")) {
            return Optional.empty();
        }
        JsonNode r = arguments.get("region");
        PixelBox asked = new PixelBox(r.path("x").asInt(), r.path("y").asInt(), r.path("width").asInt(), r.path("height").asInt());
        PixelBox clipped = asked.clippedTo(imageWidth, imageHeight);
        if (clipped.width() < 16 || clipped.height() < 16) {
            throw new IllegalArgumentException("region " + asked + " leaves less than 16x16 pixels inside the "
                    + imageWidth + "x" + imageHeight + " image; give a box inside it");
        }
        return Optional.of(clipped);
    }
}
