package dev.loupe.tool.detect;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What the offline detector can find, each with its OpenCV Haar cascade and the names people use for
 * it. The cascades were trained on upright, frontal views: a face in profile or a plate at a steep
 * angle is missed.
 */
public enum DetectionTarget {
    FACE("face", 4, 0.04, List.of("face", "faces", "human face", "person's face", "head", "heads")),
    EYE("eye", 5, 0.0, List.of("eye", "eyes")),
    UPPER_BODY("upper_body", 3, 0.12, List.of("upper body", "upper bodies", "upper_body", "person", "persons", "people",
            "body", "bodies", "torso", "man", "men", "woman", "women", "pedestrian", "pedestrians")),
    LICENCE_PLATE("licence_plate", 3, 0.03, List.of("licence plate", "license plate", "licence plates", "license plates",
            "licence_plate", "license_plate", "number plate", "number plates", "plate", "plates", "registration plate")),
    CAT_FACE("cat_face", 3, 0.05, List.of("cat face", "cat faces", "cat_face", "cat", "cats", "kitten"));

    private final String label;
    private final int minNeighbors;
    private final double minSizeFraction;
    private final List<String> names;

    DetectionTarget(String label, int minNeighbors, double minSizeFraction, List<String> names) {
        this.label = label;
        this.minNeighbors = minNeighbors;
        this.minSizeFraction = minSizeFraction;
        this.names = names;
    }

    /** The label boxes carry and the cascade's resource name. */
    public String label() {
        return label;
    }

    /** How many overlapping raw detections a box needs to count: higher finds fewer, surer boxes. */
    int minNeighbors() {
        return minNeighbors;
    }

    /** The smallest box searched for, as a fraction of the image's shorter side. */
    double minSizeFraction() {
        return minSizeFraction;
    }

    /** The target a person's word names ("faces", "license plate", "people"), if the detector knows it. */
    public static Optional<DetectionTarget> parse(String text) {
        String wanted = text == null ? "" : text.trim().toLowerCase(Locale.ROOT).replace('-', ' ');
        return Arrays.stream(values()).filter(t -> t.names.contains(wanted)).findFirst();
    }

    /** Every label, for messages: "face, eye, upper_body, licence_plate, cat_face". */
    public static String known() {
        return String.join(", ", Arrays.stream(values()).map(DetectionTarget::label).toList());
    }

    /** Every name a request may use, longest first so "cat face" is found before "face". */
    public static List<String> allNames() {
        return Arrays.stream(values()).flatMap(t -> t.names.stream())
                .sorted((a, b) -> Integer.compare(b.length(), a.length())).toList();
    }
}
