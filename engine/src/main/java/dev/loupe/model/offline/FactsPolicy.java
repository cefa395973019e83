package dev.loupe.model.offline;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.Content;
import dev.langchain4j.data.message.ImageContent;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.loupe.core.LoupeException;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The offline policy any graph can use without Java: it answers at once, with no tool call, with a
 * JSON object whose fields are measured facts of the image the agent is sent
 * ({@code vision.pass_image_to_agent: true}), mapped by the graph file:
 *
 * <pre>
 * policy:
 *   kind: facts
 *   fields: {orientation: orientation, tone: brightness, colour: dominant_colour, caption: summary}
 * </pre>
 *
 * Facts: {@code orientation}, {@code aspect_ratio}, {@code brightness}, {@code brightness_level},
 * {@code contrast}, {@code colourfulness}, {@code cast}, {@code detail}, {@code dominant_colour},
 * {@code summary}. It does not understand scenes and does not pretend to: a field that needs
 * understanding gets no offline answer (map it to nothing, and let the schema make it optional).
 */
final class FactsPolicy implements OfflinePolicy {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Map<String, String> fields;

    private FactsPolicy(Map<String, String> fields) {
        this.fields = fields;
    }

    static FactsPolicy fromConfig(Map<String, Object> config) {
        if (!(config.get("fields") instanceof Map<?, ?> mapping) || mapping.isEmpty()) {
            throw LoupeException.badInput("the facts policy needs 'fields': a mapping from output fields to facts "
                    + "(orientation, aspect_ratio, brightness, brightness_level, contrast, colourfulness, cast, detail, "
                    + "dominant_colour, summary)");
        }
        Map<String, String> fields = new LinkedHashMap<>();
        mapping.forEach((field, fact) -> fields.put(String.valueOf(field), String.valueOf(fact)));
        return new FactsPolicy(fields);
    }

    @Override
    public AiMessage nextTurn(ChatRequest request) {
        BufferedImage image = lastImage(request);
        if (image == null) {
            return AiMessage.from("No image reached the agent, so there is nothing to measure; set "
                    + "vision.pass_image_to_agent: true in the graph file for the facts policy.");
        }
        Map<String, Object> facts = ImageMeasures.of(image);
        ObjectNode answer = JSON.createObjectNode();
        for (Map.Entry<String, String> field : fields.entrySet()) {
            Object value = facts.get(field.getValue());
            if (value == null) {
                throw LoupeException.badInput("the facts policy has no fact '" + field.getValue() + "' (for field '"
                        + field.getKey() + "'); known: " + String.join(", ", facts.keySet()));
            }
            answer.set(field.getKey(), JSON.valueToTree(value));
        }
        return AiMessage.from("Measured from the pixels (offline facts policy, no scene understanding):\n```json\n"
                + answer.toPrettyString() + "\n```");
    }

    private static BufferedImage lastImage(ChatRequest request) {
        BufferedImage found = null;
        for (ChatMessage message : request.messages()) {
            if (message instanceof UserMessage user) {
                for (Content content : user.contents()) {
                    if (content instanceof ImageContent image) {
                        found = decode(image);
                    }
                }
            }
        }
        return found;
    }

    private static BufferedImage decode(ImageContent content) {
        try {
            return ImageIO.read(new ByteArrayInputStream(Base64.getDecoder().decode(content.image().base64Data())));
        } catch (Exception e) {
            return null;
        }
    }
}
