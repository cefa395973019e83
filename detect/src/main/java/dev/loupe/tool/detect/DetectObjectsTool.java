package dev.loupe.tool.detect;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.tool.Finding;
import dev.loupe.tool.DefinedTool;
import dev.loupe.tool.ToolDefinition;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code detect_objects}: the boxes of one kind of object on the image, found offline (BlazeFace for
 * faces and eyes, OpenCV's Haar cascades for the rest: {@link OfflineDetector}), as normalised
 * {@code [x1, y1, x2, y2]} with a label and a score, strongest first.
 * Each box is also a finding ({@code object_box}), so a model reads every box however the rest of the
 * result is compacted.
 */
public final class DetectObjectsTool extends DefinedTool {

    static final int DEFAULT_MAX_BOXES = 20;
    private static final OfflineDetector DETECTOR = new OfflineDetector();

    public DetectObjectsTool() {
        super(ToolDefinition.builder("detect_objects", "1")
                .description("Finds every " + DetectionTarget.known().replace(", ", ", every ") + " on the image (offline: MediaPipe's "
                    + "BlazeFace network for faces and eyes, OpenCV Haar cascades for the rest) and returns boxes as normalised [x1, y1, x2, y2] in [0, 1] (x right, y down) with a label "
                    + "and a score in [0, 1], strongest first. Synonyms work (faces, people, license plate, cat). "
                    + "Frontal, upright views only. Pass the boxes to draw_boxes to draw them.")
                .arguments("""
                    {"type": "object",
                     "properties": {
                       "label": {"type": "string", "minLength": 1, "description": "what to find: face, eye, upper_body (person), licence_plate, cat_face"},
                       "min_score": {"type": "number", "minimum": 0, "maximum": 1, "description": "leave out weaker boxes (default 0)"},
                       "max_boxes": {"type": "integer", "minimum": 1, "maximum": 100, "description": "at most this many boxes (default 20)"}
                     },
                     "required": ["label"],
                     "additionalProperties": false}
                    """)
                .build());
    }

    @Override
    public ToolResult run(ToolContext context, JsonNode arguments) {
        Detection detection = detect(context, arguments.path("label").asText(),
                arguments.path("min_score").asDouble(0), arguments.path("max_boxes").asInt(DEFAULT_MAX_BOXES));
        if (detection.error() != null) {
            return ToolResult.error(detection.error());
        }
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("label", detection.target().label());
        data.put("count", detection.boxes().size());
        data.put("convention", Convention.NORMALIZED_XYXY.describe());
        data.put("detector", OfflineDetector.name(detection.target()));
        data.putObject("image").put("width", context.image().width()).put("height", context.image().height());
        var list = data.putArray("boxes");
        detection.boxes().forEach(box -> list.add(box.toJson()));
        List<Finding> findings = new ArrayList<>();
        for (Box box : detection.boxes()) {
            findings.add(new Finding("object_box", box.describe()));
        }
        if (detection.boxes().isEmpty()) {
            findings.add(new Finding("nothing_found", "No " + detection.target().label()
                    + " was found (the offline detector sees frontal, upright views; a face must fill about a tenth of the picture's longer side)."));
        }
        return ToolResult.ok(data, findings);
    }

    /**
     * What {@code label} names, found on the context's image; an error sentence when the label is empty
     * or unknown, or the detector cannot run here.
     */
    static Detection detect(ToolContext context, String label, double minScore, int maxBoxes) {
        if (label == null || label.isBlank()) {
            return Detection.failed("the label is empty; name what to find: " + DetectionTarget.known());
        }
        Optional<DetectionTarget> target = DetectionTarget.parse(label);
        if (target.isEmpty()) {
            return Detection.failed("the offline detector finds " + DetectionTarget.known() + ", not '" + label.trim()
                    + "'; other objects need a vision model as the agent");
        }
        Optional<String> unavailable = OfflineDetector.unavailable();
        if (unavailable.isPresent()) {
            return Detection.failed(unavailable.get());
        }
        return new Detection(target.get(), DETECTOR.detect(context.image().pixels(), target.get(), minScore, maxBoxes), null);
    }

    /** Boxes of a target, or why there are none. */
    record Detection(DetectionTarget target, List<Box> boxes, String error) {
        static Detection failed(String error) {
            return new Detection(null, List.of(), error);
        }
    }
}
