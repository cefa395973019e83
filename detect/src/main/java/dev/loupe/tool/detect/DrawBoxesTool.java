package dev.loupe.tool.detect;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.loupe.tool.Finding;
import dev.loupe.tool.DefinedTool;
import dev.loupe.tool.ToolDefinition;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.forensic.pixel.PngArtifact;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * {@code draw_boxes}: an annotated PNG of the image with the boxes given (in any convention a model
 * writes; {@link BoxNormalizer} reads them) or, given only a label, with what {@code detect_objects}
 * finds for it. The picture goes into the run's output folder, named by the boxes' hash so the same
 * boxes give the same file; the result lists the boxes drawn, the convention read and every
 * correction made.
 */
public final class DrawBoxesTool extends DefinedTool {

    public DrawBoxesTool() {
        super(ToolDefinition.builder("draw_boxes", "1")
                .description("Draws boxes on the image and writes an annotated PNG (one colour per label, label and score on each box). "
                    + "Give boxes as objects {label, score, box: [x1, y1, x2, y2]} (or box_2d: [y1, x1, y2, x2] in 0-1000); "
                    + "numbers may be fractions of the image (0-1), pixels or thousandths (0-1000): say which with scale, "
                    + "or it is inferred and reported. Without boxes, give a label and the offline detector's boxes for it are drawn.")
                .arguments("""
                    {"type": "object",
                     "properties": {
                       "boxes": {"type": "array", "maxItems": 200, "description": "the boxes to draw",
                         "items": {"type": "object", "properties": {
                           "label": {"type": "string", "description": "what the box holds"},
                           "score": {"type": "number", "description": "confidence in [0, 1], shown on the box"},
                           "box": {"type": "array", "items": {"type": "number"}, "description": "[x1, y1, x2, y2] in the scale given"},
                           "box_2d": {"type": "array", "items": {"type": "number"}, "description": "[y1, x1, y2, x2] in 0-1000"}}}},
                       "label": {"type": "string", "description": "without boxes: what to detect and draw; with boxes: the label of boxes that have none"},
                       "scale": {"enum": ["auto", "normalized", "pixels", "per_mille"], "description": "the numbers' scale (default auto: inferred)"},
                       "order": {"enum": ["auto", "xyxy", "yxyx"], "description": "corner order (default auto: xyxy, or yxyx for box_2d)"},
                       "min_score": {"type": "number", "minimum": 0, "maximum": 1, "description": "detected boxes: leave out weaker ones"}
                     },
                     "additionalProperties": false}
                    """)
                .build());
    }

    @Override
    public ToolResult run(ToolContext context, JsonNode arguments) throws Exception {
        int width = context.image().width();
        int height = context.image().height();
        NormalizedBoxes read;
        if (arguments.has("boxes")) {
            read = BoxNormalizer.read(arguments.get("boxes"), text(arguments, "scale"), text(arguments, "order"),
                    text(arguments, "label"), width, height);
            if (read.boxes().isEmpty()) {
                return ToolResult.error(read.rejected().isEmpty() ? "boxes is empty: give at least one box to draw"
                        : "none of the boxes can be drawn: " + String.join("; ", read.rejected()));
            }
        } else if (arguments.hasNonNull("label")) {
            var detection = DetectObjectsTool.detect(context, arguments.get("label").asText(),
                    arguments.path("min_score").asDouble(0), DetectObjectsTool.DEFAULT_MAX_BOXES);
            if (detection.error() != null) {
                return ToolResult.error(detection.error());
            }
            read = new NormalizedBoxes(detection.boxes(), Convention.NORMALIZED_XYXY, "detected by the offline detector",
                    List.of(), List.of());
        } else {
            return ToolResult.error("nothing to draw: give boxes, or a label to detect and draw");
        }
        BoxPainter.Painted painted = BoxPainter.paint(context.image().pixels(), read.boxes());
        List<String> problems = new ArrayList<>();
        List<String> written = PngArtifact.write(context.artifactDir(), fileName(context, read), painted.image(), problems);
        return ToolResult.ok(data(context, read, painted, written), findings(read, painted, written, problems), written);
    }

    private static ObjectNode data(ToolContext context, NormalizedBoxes read, BoxPainter.Painted painted, List<String> written) {
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("drawn", read.boxes().size());
        data.put("convention", read.convention().describe());
        data.put("convention_source", read.how());
        data.putObject("image").put("width", context.image().width()).put("height", context.image().height());
        data.putObject("picture").put("width", painted.image().getWidth()).put("height", painted.image().getHeight());
        if (written.isEmpty()) {
            data.putNull("file");
        } else {
            data.put("file", written.get(0));
        }
        var list = data.putArray("boxes");
        read.boxes().forEach(box -> list.add(box.toJson()));
        return data;
    }

    private static List<Finding> findings(NormalizedBoxes read, BoxPainter.Painted painted, List<String> written,
                                          List<String> problems) {
        List<Finding> findings = new ArrayList<>();
        String where = written.isEmpty() ? "not written (no output folder: run with --out DIR to keep the picture)"
                : "written to " + written.get(0);
        findings.add(new Finding("boxes_drawn", String.format(Locale.ROOT, "%d box%s drawn on a %d×%d picture, %s.",
                read.boxes().size(), read.boxes().size() == 1 ? "" : "es", painted.image().getWidth(),
                painted.image().getHeight(), where)));
        findings.add(new Finding("convention_read", "Boxes read as " + read.convention().describe() + " (" + read.how() + ")."));
        for (Box box : read.boxes()) {
            findings.add(new Finding("object_box", box.describe()));
        }
        read.notes().forEach(note -> findings.add(new Finding("box_corrected", note)));
        read.rejected().forEach(reason -> findings.add(new Finding("box_left_out", reason)));
        if (!painted.labelled()) {
            findings.add(new Finding("labels_not_drawn", "No font is available to this JVM: frames drawn without labels."));
        }
        problems.forEach(problem -> findings.add(new Finding("picture_not_written", problem)));
        return findings;
    }

    /** {@code boxes-<hash>.png}: the same image and boxes always name the same file. */
    private static String fileName(ToolContext context, NormalizedBoxes read) throws Exception {
        MessageDigest digest = MessageDigest.getInstance("SHA-256");
        digest.update(context.image().sha256().getBytes(StandardCharsets.UTF_8));
        read.boxes().forEach(box -> digest.update(box.describe().getBytes(StandardCharsets.UTF_8)));
        return "boxes-" + HexFormat.of().formatHex(digest.digest()).substring(0, 12) + ".png";
    }

    private static String text(JsonNode arguments, String field) {
        return arguments.hasNonNull(field) ? arguments.get(field).asText() : null;
    }
}
