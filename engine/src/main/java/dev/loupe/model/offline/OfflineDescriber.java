package dev.loupe.model.offline;

import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.Content;
import dev.langchain4j.data.message.ImageContent;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.FinishReason;
import dev.langchain4j.model.output.TokenUsage;
import dev.loupe.image.ImageFacts;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.util.Base64;

/**
 * The offline vision model: describes what the pixels it is sent and the file facts in the request
 * say, deterministically. It sees exactly what a real vision model sees. It does not judge
 * authenticity from pixels alone, and says so in its first impression.
 */
final class OfflineDescriber implements ChatModel {

    private final String firstImpression;

    /** @param firstImpression what to close with: the graph's policy kind's ({@link OfflinePolicyKind#firstImpression()}) */
    OfflineDescriber(String firstImpression) {
        this.firstImpression = firstImpression;
    }

    @Override
    public ChatResponse doChat(ChatRequest request) {
        String facts = "";
        PixelStatistics statistics = null;
        for (ChatMessage message : request.messages()) {
            if (message instanceof UserMessage user) {
                for (Content content : user.contents()) {
                    if (content instanceof TextContent text && text.text().startsWith(ImageFacts.HEADER)) {
                        facts = text.text().substring(ImageFacts.HEADER.length()).trim();
                    } else if (content instanceof ImageContent image) {
                        statistics = measure(image);
                    }
                }
            }
        }
        StringBuilder text = new StringBuilder("Visual description (offline describer: pixel statistics, no scene understanding)\n\n");
        text.append(statistics == null ? "No decodable image was sent." : statistics.describe()).append("\n\n");
        if (!facts.isEmpty()) {
            text.append("What the file states:\n").append(facts).append("\n\n");
        }
        text.append(firstImpression);
        return ChatResponse.builder()
                .aiMessage(dev.langchain4j.data.message.AiMessage.from(text.toString()))
                .modelName("offline")
                .tokenUsage(new TokenUsage(0, 0))
                .finishReason(FinishReason.STOP)
                .build();
    }

    private static PixelStatistics measure(ImageContent content) {
        try {
            byte[] bytes = Base64.getDecoder().decode(content.image().base64Data());
            BufferedImage image = ImageIO.read(new ByteArrayInputStream(bytes));
            return image == null ? null : PixelStatistics.of(image);
        } catch (Exception e) {
            return null;
        }
    }
}
