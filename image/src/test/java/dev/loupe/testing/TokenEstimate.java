package dev.loupe.testing;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A tokenizer-free estimate of what a chat-completions request costs: characters of text / 4
 * (message contents and tool schemas, not the JSON around them), 4 tokens of framing per message,
 * and per image OpenAI's published figure for detail {@code low}: 85 tokens; {@code high} and
 * {@code auto} are counted as a 1024 px square, 85 + 4 tiles × 170 = 765.
 */
public final class TokenEstimate {

    public static final int LOW_DETAIL_IMAGE = 85;
    public static final int HIGH_DETAIL_IMAGE = 765;

    private TokenEstimate() {
    }

    /** What one request's prompt adds up to. */
    public record Prompt(long textChars, int images, long imageTokens, int messages) {
        public long tokens() {
            return textChars / 4 + imageTokens + 4L * messages;
        }
    }

    public static Prompt of(JsonNode body) {
        long chars = 0;
        int images = 0;
        long imageTokens = 0;
        int messages = 0;
        for (JsonNode message : body.path("messages")) {
            messages++;
            JsonNode content = message.path("content");
            if (content.isTextual()) {
                chars += content.asText().length();
            }
            for (JsonNode part : content.isArray() ? content : com.fasterxml.jackson.databind.node.MissingNode.getInstance()) {
                if (part.path("type").asText().equals("image_url")) {
                    images++;
                    imageTokens += part.path("image_url").path("detail").asText("auto").equals("low") ? LOW_DETAIL_IMAGE : HIGH_DETAIL_IMAGE;
                } else {
                    chars += part.path("text").asText().length();
                }
            }
            for (JsonNode call : message.path("tool_calls")) {
                chars += call.path("function").path("name").asText().length() + call.path("function").path("arguments").asText().length();
            }
        }
        chars += body.path("tools").isMissingNode() ? 0 : body.path("tools").toString().length();
        return new Prompt(chars, images, imageTokens, messages);
    }

    /** The estimate for a reply's text. */
    public static int ofReply(String text) {
        return Math.max(1, text.length() / 4);
    }
}
