package dev.loupe.eval.metrics;

import java.util.Map;

/**
 * What an item of a labelled set is, for the content question (is the content what a camera
 * captured?): read from the manifest's label, {@code category}, and the content set's {@code careful}
 * and {@code after} columns (evaluation/content-set.md). Each class has its own bar: a processed photo
 * must not be called fake, a careful forgery must be.
 */
public enum ContentClass {
    CAMERA_ORIGINAL("camera originals"),
    PROCESSED("processed"),
    CAREFUL("careful forgeries"),
    CAREFUL_THEN_PROCESSED("careful, then processed"),
    OTHER_MANIPULATION("other manipulations"),
    AI_MARKED("AI-marked"),
    OTHER_REAL("other real");

    /** The content set's column ({@code careful}: yes/no) by which a manifest says its items are classed this way. */
    public static final String CONTENT_SET_COLUMN = "careful";

    /** The category of a camera original saved again as the camera would, no pixel changed (reported apart). */
    public static final String RESAVE = "camera_resave";

    private final String label;

    ContentClass(String label) {
        this.label = label;
    }

    /** How reports name the class. */
    public String label() {
        return label;
    }

    /**
     * @param fake     the item's label
     * @param category the manifest's category, or null
     * @param extra    the manifest's other columns ({@code careful}: yes/no, {@code after}: what processed a forgery)
     */
    public static ContentClass of(boolean fake, String category, Map<String, String> extra) {
        String c = category == null ? "" : category.strip();
        if (!fake) {
            return switch (c) {
                case "camera_original" -> CAMERA_ORIGINAL;
                case "processed", "camera_resave", "edited" -> PROCESSED;
                default -> OTHER_REAL;
            };
        }
        if (c.equals("ai_generated")) {
            return AI_MARKED;
        }
        boolean careful = "yes".equalsIgnoreCase(extra.getOrDefault("careful", "").strip()) || c.startsWith("careful_");
        if (careful) {
            return extra.getOrDefault("after", "").isBlank() ? CAREFUL : CAREFUL_THEN_PROCESSED;
        }
        return OTHER_MANIPULATION;
    }
}
