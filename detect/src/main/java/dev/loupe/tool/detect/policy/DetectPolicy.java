package dev.loupe.tool.detect.policy;

import dev.loupe.model.offline.OfflinePolicy;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.Content;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.loupe.tool.ModelViewReader;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.request.ChatRequest;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The offline detect policy: reads the user's request ({@link DetectRequest}) and chains the tools as
 * a model would. "Detect the faces" calls {@code detect_objects}; "… and draw them" then passes the
 * boxes it found to {@code draw_boxes}; "draw these boxes: [[…]]" calls {@code draw_boxes} with the
 * boxes given. It concludes with the boxes, the annotated picture and the convention read, as the
 * detect schema's JSON block. The boxes come from the tools' {@code object_box} findings, which carry
 * every box in full.
 */
final class DetectPolicy implements OfflinePolicy {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern BOX = Pattern.compile("^(.+) (\\d(?:\\.\\d+)?) \\[([\\d.]+), ([\\d.]+), ([\\d.]+), ([\\d.]+)]$");
    private static final Pattern WRITTEN = Pattern.compile("written to (.+)\\.$");
    private static final String ASKS = "The user asks:";

    private final String defaultRequest;

    private DetectPolicy(String defaultRequest) {
        this.defaultRequest = defaultRequest;
    }

    static DetectPolicy fromConfig(Map<String, Object> config) {
        Object fallback = config.get("default_request");
        return new DetectPolicy(fallback == null ? "detect the faces and draw them" : String.valueOf(fallback));
    }

    @Override
    public AiMessage nextTurn(ChatRequest request) {
        // Only this turn counts: in a conversation the earlier turns' requests and results are history.
        List<ChatMessage> turn = currentTurn(request.messages());
        DetectRequest asked = DetectRequest.read(requestText(turn));
        List<ToolExecutionResultMessage> results = turn.stream()
                .filter(ToolExecutionResultMessage.class::isInstance).map(ToolExecutionResultMessage.class::cast).toList();
        if (results.isEmpty()) {
            return asked.boxes() != null ? call("draw_boxes", givenBoxes(asked), "I will draw the boxes given.")
                    : call("detect_objects", JSON.createObjectNode().put("label", asked.object() == null ? "face" : asked.object()),
                    "I will look for " + (asked.object() == null ? "faces" : asked.object()) + " first.");
        }
        ToolExecutionResultMessage last = results.get(results.size() - 1);
        JsonNode lastJson = read(last);
        boolean drew = results.stream().anyMatch(r -> r.toolName().equals("draw_boxes"));
        if (asked.draw() && !drew && last.toolName().equals("detect_objects") && ok(lastJson)) {
            ArrayNode boxes = boxes(lastJson);
            if (!boxes.isEmpty()) {
                ObjectNode arguments = JSON.createObjectNode().put("scale", "normalized");
                arguments.set("boxes", boxes);
                return call("draw_boxes", arguments, "I will draw the " + boxes.size() + " boxes found.");
            }
        }
        return AiMessage.from(conclude(last.toolName(), lastJson, asked.object() == null ? "faces" : asked.object()));
    }

    private ObjectNode givenBoxes(DetectRequest asked) {
        ObjectNode arguments = JSON.createObjectNode();
        arguments.set("boxes", asked.boxes());
        if (asked.scale() != null) {
            arguments.put("scale", asked.scale());
        }
        if (asked.order() != null) {
            arguments.put("order", asked.order());
        }
        String label = asked.label() != null ? asked.label() : asked.object();
        if (label != null) {
            arguments.put("label", label);
        }
        return arguments;
    }

    /** The answer from the last tool's result; {@code sought} says what the turn looked for when nothing was found. */
    private String conclude(String tool, JsonNode result, String sought) {
        ObjectNode block = JSON.createObjectNode();
        ArrayNode boxes = ok(result) ? boxes(result) : JSON.createArrayNode();
        block.set("boxes", boxes);
        block.put("count", boxes.size());
        Set<String> labels = new LinkedHashSet<>();
        boxes.forEach(box -> labels.add(box.path("label").asText()));
        ArrayNode labelList = block.putArray("labels");
        labels.forEach(labelList::add);
        String picture = finding(result, "boxes_drawn").map(d -> {
            Matcher m = WRITTEN.matcher(d);
            return m.find() ? m.group(1) : null;
        }).orElse(null);
        if (picture == null) {
            block.putNull("annotated_image");
        } else {
            block.put("annotated_image", picture);
        }
        block.put("convention", finding(result, "convention_read")
                .map(d -> d.replaceFirst("^Boxes read as ", "").replaceFirst("\\.$", "")).orElse("normalized [x1, y1, x2, y2]"));
        String summary = !ok(result) ? tool + " could not run: " + result.path("error").asText("unknown error")
                : boxes.isEmpty() ? "No " + sought + " found." : boxes.size() + " box" + (boxes.size() == 1 ? "" : "es") + " ("
                + String.join(", ", labels) + ")" + (tool.equals("draw_boxes") ? ", drawn" + (picture == null ? " (not written)" : "") : "") + ".";
        block.put("summary", summary);
        StringBuilder text = new StringBuilder("Detection (offline rule-based policy)\n\n").append(summary).append("\n");
        ArrayNode notes = block.putArray("notes");
        result.path("findings").forEach(f -> {
            String code = f.path("code").asText();
            if (code.equals("box_corrected") || code.equals("box_left_out")) {
                notes.add(f.path("detail").asText());
                text.append("- ").append(f.path("detail").asText()).append('\n');
            }
        });
        return text.append("\n```json\n").append(block.toPrettyString()).append("\n```\n").toString();
    }

    private static ArrayNode boxes(JsonNode result) {
        ArrayNode boxes = JSON.createArrayNode();
        for (JsonNode finding : result.path("findings")) {
            Matcher m = BOX.matcher(finding.path("detail").asText());
            if (finding.path("code").asText().equals("object_box") && m.matches()) {
                ObjectNode box = boxes.addObject().put("label", m.group(1)).put("score", Double.parseDouble(m.group(2)));
                ArrayNode corners = box.putArray("box");
                for (int i = 3; i <= 6; i++) {
                    corners.add(Double.parseDouble(m.group(i)));
                }
            }
        }
        return boxes;
    }

    private static java.util.Optional<String> finding(JsonNode result, String code) {
        for (JsonNode finding : result.path("findings")) {
            if (finding.path("code").asText().equals(code)) {
                return java.util.Optional.of(finding.path("detail").asText());
            }
        }
        return java.util.Optional.empty();
    }

    private static boolean ok(JsonNode result) {
        return result.path("status").asText().equals("ok");
    }

    private static JsonNode read(ToolExecutionResultMessage result) {
        return ModelViewReader.read(result.text()).toJson();
    }

    /**
     * The messages of this turn: those after the last answer (a reply that calls no tool), so that in
     * a conversation the earlier turns' requests and results are history, not this turn's.
     */
    private static List<ChatMessage> currentTurn(List<ChatMessage> messages) {
        for (int i = messages.size() - 1; i >= 0; i--) {
            if (messages.get(i) instanceof AiMessage ai && !ai.hasToolExecutionRequests()) {
                return messages.subList(i + 1, messages.size());
            }
        }
        return messages;
    }

    /** The request line of the task message ("The user asks: …"), a conversation's own line, or the configured default. */
    private String requestText(List<ChatMessage> turn) {
        UserMessage user = turn.stream().filter(UserMessage.class::isInstance).map(UserMessage.class::cast).findFirst().orElse(null);
        if (user != null) {
            for (Content content : user.contents()) {
                if (content instanceof TextContent text && text.text().contains(ASKS)) {
                    String rest = text.text().substring(text.text().indexOf(ASKS) + ASKS.length());
                    int end = rest.indexOf("\n\n");
                    String asked = (end < 0 ? rest : rest.substring(0, end)).trim();
                    return asked.isEmpty() || asked.equals("{{question}}") ? defaultRequest : asked;
                }
            }
            if (user.hasSingleText() && !user.singleText().isBlank()) {
                return user.singleText().strip();
            }
        }
        return defaultRequest;
    }

    private static AiMessage call(String tool, ObjectNode arguments, String thought) {
        return AiMessage.from(thought, List.of(ToolExecutionRequest.builder().id("offline_" + tool)
                .name(tool).arguments(arguments.toString()).build()));
    }
}
