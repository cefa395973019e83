package dev.loupe.graph;

import dev.langchain4j.data.message.Content;
import dev.langchain4j.data.message.ImageContent;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.loupe.image.ImageFacts;
import dev.loupe.model.Tokens;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The first node of every graph: one multimodal call with the image (resized, base64, with the
 * graph's detail level), the vision prompt and the facts the file states. Its text is the visual
 * description the agent starts from.
 */
final class VisionNode implements NodeWork {

    private final GraphSpec spec;
    private final GraphPrompts prompts;
    private final ChatModel model;
    private final String modelName;
    private final ModelImage modelImage;

    VisionNode(GraphSpec spec, GraphPrompts prompts, ChatModel model, String modelName, ModelImage modelImage) {
        this.spec = spec;
        this.prompts = prompts;
        this.model = model;
        this.modelName = modelName;
        this.modelImage = modelImage;
    }

    @Override
    public NodeOutput run(AnalysisState state, RunContext run) {
        UserMessage message = UserMessage.from(request(run, state));
        ChatResponse response = model.chat(ChatRequest.builder().messages(List.of(message)).build());
        String text = response.aiMessage().text() == null ? "" : response.aiMessage().text();
        return new NodeOutput(Map.of(AnalysisState.VISION, Map.of("text", text)), Tokens.of(response.tokenUsage()),
                reportedName(response), Map.of());
    }

    private List<Content> request(RunContext run, AnalysisState state) {
        var encoded = modelImage.of(run.image());
        return List.of(
                TextContent.from(prompts.fill("vision", Placeholders.of(state))),
                TextContent.from(ImageFacts.text(run.image())),
                ImageContent.from(encoded.base64(), encoded.mimeType(), detail(spec.vision().detail())));
    }

    private String reportedName(ChatResponse response) {
        return response.modelName() == null || response.modelName().isBlank() ? modelName : response.modelName();
    }

    static ImageContent.DetailLevel detail(String level) {
        return ImageContent.DetailLevel.valueOf(level.toUpperCase(Locale.ROOT));
    }
}
