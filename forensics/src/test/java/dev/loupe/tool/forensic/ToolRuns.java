package dev.loupe.tool.forensic;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.image.jpeg.JpegFixtures;
import dev.loupe.tool.Finding;
import dev.loupe.tool.Tool;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;

import java.awt.Rectangle;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the tests of the region-locating tools do with a run: run on JPEG bytes, ask about a box, read the codes and the region found. */
public final class ToolRuns {

    private ToolRuns() {
    }

    /** The tool's result on {@code jpeg}, with artifacts written to {@code dir} (none when null). */
    public static ToolResult run(Tool tool, byte[] jpeg, Path dir, JsonNode arguments) throws Exception {
        return tool.run(new ToolContext(JpegFixtures.loaded("test.jpg", jpeg), dir), arguments);
    }

    /** The codes of the result's findings, in order. */
    public static List<String> codes(ToolResult result) {
        return result.findings().stream().map(Finding::code).toList();
    }

    /** The arguments of a second look at {@code box}. */
    public static JsonNode region(Rectangle box) throws Exception {
        return new ObjectMapper().readTree("{\"region\":{\"x\":" + box.x + ",\"y\":" + box.y + ",\"width\":" + box.width
                + ",\"height\":" + box.height + "}}");
    }

    /**
     * The result's {@code largest_region} lies on {@code truth} for at least {@code onTruth} of its own area
     * and covers at least {@code ofTruth} of the truth's.
     */
    public static void assertLocated(ToolResult result, Rectangle truth, double onTruth, double ofTruth) {
        assertLocated(result.data().get("largest_region"), truth, onTruth, ofTruth);
    }

    /**
     * The box {@code region} ({@code x}, {@code y}, {@code width}, {@code height}) lies on {@code truth} for
     * at least {@code onTruth} of its own area and covers at least {@code ofTruth} of the truth's.
     */
    public static void assertLocated(JsonNode region, Rectangle truth, double onTruth, double ofTruth) {
        Rectangle found = new Rectangle(region.get("x").asInt(), region.get("y").asInt(),
                region.get("width").asInt(), region.get("height").asInt());
        Rectangle overlap = found.intersection(truth);
        double area = overlap.isEmpty() ? 0 : (double) overlap.width * overlap.height;
        assertTrue(area >= onTruth * found.width * found.height, "found " + found + " for " + truth);
        assertTrue(area >= ofTruth * truth.width * truth.height, "found " + found + " for " + truth);
    }
}
