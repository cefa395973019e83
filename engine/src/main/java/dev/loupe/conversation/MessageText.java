package dev.loupe.conversation;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.Content;
import dev.langchain4j.data.message.ImageContent;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;

import java.util.ArrayList;
import java.util.List;

/** The text of a langchain4j message as a reader sees it; an image stands as {@code [image]}, never its bytes. */
final class MessageText {

    private MessageText() {
    }

    static String of(ChatMessage message) {
        if (message instanceof UserMessage user) {
            List<String> parts = new ArrayList<>();
            for (Content content : user.contents()) {
                if (content instanceof TextContent text) {
                    parts.add(text.text());
                } else if (content instanceof ImageContent) {
                    parts.add("[image]");
                }
            }
            return String.join("\n", parts);
        }
        if (message instanceof AiMessage ai) {
            return ai.text() == null ? "" : ai.text();
        }
        if (message instanceof SystemMessage system) {
            return system.text();
        }
        if (message instanceof ToolExecutionResultMessage result) {
            return result.text();
        }
        return String.valueOf(message);
    }

    static String role(ChatMessage message) {
        return switch (message.type()) {
            case SYSTEM -> "system";
            case USER -> "user";
            case AI -> "assistant";
            case TOOL_EXECUTION_RESULT -> "tool";
            default -> message.type().name().toLowerCase(java.util.Locale.ROOT);
        };
    }
}
