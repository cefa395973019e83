package dev.loupe.graph;

import java.util.HashMap;
import java.util.Map;

/**
 * The analysed image as a result names it ({@code image} in the JSON): what the loader checked,
 * nothing decoded.
 *
 * @param path   where it was read from, or null for an image handed over as bytes
 * @param name   the file name, or the name given with the bytes
 * @param sha256 the lower-case hex SHA-256 of the file
 * @param format the sniffed format in lower case ({@code jpeg}, {@code png}, ...)
 * @param width  the declared width in pixels
 * @param height the declared height in pixels
 * @param bytes  the file's length
 */
public record ImageSummary(String path, String name, String sha256, String format, int width, int height, long bytes) {

    /**
     * The summary as its JSON object: a hash map, as the graph state's is once a checkpoint has copied
     * it, so results keep the key order they have always had.
     */
    public Map<String, Object> toMap() {
        Map<String, Object> map = new HashMap<>();
        map.put("path", path);
        map.put("name", name);
        map.put("sha256", sha256);
        map.put("format", format);
        map.put("width", width);
        map.put("height", height);
        map.put("bytes", bytes);
        return map;
    }

    /** The summary the graph state or a stored result holds as a plain map; null when it holds none (a prompt run). */
    public static ImageSummary fromMap(Map<?, ?> map) {
        if (map == null || map.isEmpty()) {
            return null;
        }
        return new ImageSummary(text(map.get("path")), text(map.get("name")), text(map.get("sha256")), text(map.get("format")),
                number(map.get("width")).intValue(), number(map.get("height")).intValue(), number(map.get("bytes")).longValue());
    }

    private static Number number(Object value) {
        return value instanceof Number n ? n : 0;
    }

    private static String text(Object value) {
        return value == null ? null : String.valueOf(value);
    }
}
