package dev.loupe.model.openai;

import dev.langchain4j.exception.AuthenticationException;
import dev.langchain4j.exception.InvalidRequestException;
import dev.langchain4j.exception.ModelNotFoundException;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.loupe.LoupeException;
import dev.loupe.model.ModelSpec;

/**
 * A remote chat model whose failures become {@link LoupeException}s with one clear line that names
 * the model and endpoint but never a key or a header value.
 */
final class GuardedChatModel implements ChatModel {

    private final ChatModel delegate;
    private final ModelSpec spec;

    GuardedChatModel(ChatModel delegate, ModelSpec spec) {
        this.delegate = delegate;
        this.spec = spec;
    }

    @Override
    public ChatResponse doChat(ChatRequest request) {
        try {
            return delegate.chat(request);
        } catch (AuthenticationException e) {
            throw new LoupeException(LoupeException.Kind.UNAVAILABLE, where() + " refused the credentials (check LOUPE_API_KEY or OPENAI_API_KEY)");
        } catch (ModelNotFoundException e) {
            throw LoupeException.badInput(where() + " has no model named '" + spec.name() + "'");
        } catch (InvalidRequestException e) {
            throw new LoupeException(LoupeException.Kind.UNAVAILABLE, where() + " rejected the request: " + firstLine(e.getMessage()));
        } catch (RuntimeException e) {
            throw new LoupeException(LoupeException.Kind.UNAVAILABLE, where() + " is unavailable: " + describe(e));
        }
    }

    private String where() {
        return "model " + spec.name() + " at " + (spec.baseUrl() == null ? "the configured endpoint" : spec.baseUrl());
    }

    private static String describe(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage();
        return root.getClass().getSimpleName() + (message == null ? "" : ": " + firstLine(message));
    }

    private static String firstLine(String text) {
        if (text == null) {
            return "";
        }
        int newline = text.indexOf('\n');
        String line = newline < 0 ? text : text.substring(0, newline);
        return line.length() > 300 ? line.substring(0, 300) + "…" : line;
    }
}
