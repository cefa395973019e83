package dev.loupe.tool.forensic.regionmap;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.tool.forensic.region.ErrorLevelMap;

import java.util.Base64;

/**
 * Writes a cell map into a result's JSON and reads it back: its grid, and one byte per cell row by
 * row (0..{@link RegionMap#CAP} spreads in 255 levels, 255 also for NaN's absence: NaN is written 0),
 * base64, so that the page and {@code loupe eval} read the very map the tool made.
 */
public final class MapCodec {

    private MapCodec() {
    }

    public static ObjectNode write(ErrorLevelMap map, ObjectNode node) {
        byte[] levels = new byte[map.rms().length];
        for (int i = 0; i < levels.length; i++) {
            float v = map.rms()[i];
            levels[i] = (byte) (Float.isNaN(v) ? 0 : Math.round(255 * Math.max(0, Math.min(RegionMap.CAP, v)) / RegionMap.CAP));
        }
        return node.put("cols", map.cols()).put("rows", map.rows()).put("cell_width", map.blockWidth())
                .put("cell_height", map.blockHeight()).put("origin", 1).put("image_width", map.imageWidth())
                .put("image_height", map.imageHeight()).put("max", RegionMap.CAP)
                .put("levels", Base64.getEncoder().encodeToString(levels));
    }

    /** The map {@link #write} wrote (values to 1/255 of {@link RegionMap#CAP}); null when {@code node} holds none. */
    public static ErrorLevelMap read(JsonNode node) {
        if (node == null || !node.has("levels")) {
            return null;
        }
        byte[] levels = Base64.getDecoder().decode(node.get("levels").asText());
        int cols = node.path("cols").asInt();
        int rows = node.path("rows").asInt();
        if (levels.length != cols * rows) {
            return null;
        }
        double max = node.path("max").asDouble(RegionMap.CAP);
        float[] values = new float[levels.length];
        for (int i = 0; i < values.length; i++) {
            values[i] = (float) ((levels[i] & 255) * max / 255);
        }
        return new ErrorLevelMap(cols, rows, node.path("cell_width").asInt(), node.path("cell_height").asInt(),
                node.path("image_width").asInt(), node.path("image_height").asInt(), values);
    }
}
