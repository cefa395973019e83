package dev.loupe.model.openai;

import dev.langchain4j.exception.AuthenticationException;
import dev.langchain4j.exception.InvalidRequestException;
import dev.langchain4j.exception.ModelNotFoundException;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.loupe.core.LoupeException;
import dev.loupe.model.ModelSpec;

/**
 * A remote chat model whose failures become {@link LoupeException}s with one clear line that names
 * the model and endpoint but never a key or a header value (every message passes the
 * {@link Redactor}, in case a server echoes a credential back).
 */
final class GuardedChatModel implements ChatModel {

    private final ChatModel delegate;
    private final ModelSpec spec;
    private final String baseUrl;
    private final Redactor redactor;

    GuardedChatModel(ChatModel delegate, ModelSpec spec, String baseUrl, Redactor redactor) {
        this.delegate = delegate;
        this.spec = spec;
        this.baseUrl = baseUrl;
        this.redactor = redactor;
    }

    @Override
    public ChatResponse doChat(ChatRequest request) {
        try {
            return delegate.chat(request);
        } catch (RetryingChatModel.GaveUp e) {
            throw unavailable(where() + " is unavailable after " + e.attempts() + " attempt" + (e.attempts() == 1 ? "" : "s")
                    + " (" + TransientFailure.describe(e.getCause(), baseUrl) + ")");
        } catch (AuthenticationException e) {
            throw unavailable(where() + " refused the credentials (check LOUPE_API_KEY or OPENAI_API_KEY)");
        } catch (ModelNotFoundException e) {
            throw LoupeException.badInput(redactor.redact(where() + " has no model named '" + spec.name() + "'"));
        } catch (InvalidRequestException e) {
            throw unavailable(where() + " rejected the request: " + TransientFailure.firstLine(e.getMessage()));
        } catch (RuntimeException e) {
            throw unavailable(where() + " failed: " + TransientFailure.describe(e, baseUrl));
        }
    }

    private LoupeException unavailable(String message) {
        // No cause: a cause's message or stack trace could carry what the redactor removed here.
        return new LoupeException(LoupeException.Kind.UNAVAILABLE, redactor.redact(message));
    }

    private String where() {
        return "model " + spec.name() + " at " + baseUrl;
    }
}
