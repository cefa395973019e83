package dev.loupe.model.openai;

import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;

import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * Retries a remote model's transient failures ({@link TransientFailure}) under a {@link RetryPolicy};
 * other failures pass through at once. When the attempts run out it throws {@link GaveUp}, which
 * carries the last failure and the number of attempts for the one-line error.
 */
final class RetryingChatModel implements ChatModel {

    /** The model stayed unavailable for every attempt. */
    static final class GaveUp extends RuntimeException {
        private final int attempts;

        GaveUp(int attempts, RuntimeException last) {
            super("gave up after " + attempts + " attempts", last);
            this.attempts = attempts;
        }

        int attempts() {
            return attempts;
        }
    }

    private final ChatModel delegate;
    private final RetryPolicy policy;
    private final Clock clock;
    private final RandomGenerator random;

    RetryingChatModel(ChatModel delegate, RetryPolicy policy) {
        this(delegate, policy, Clock.systemUTC(), RandomGenerator.getDefault());
    }

    RetryingChatModel(ChatModel delegate, RetryPolicy policy, Clock clock, RandomGenerator random) {
        this.delegate = delegate;
        this.policy = policy;
        this.clock = clock;
        this.random = random;
    }

    @Override
    public ChatResponse doChat(ChatRequest request) {
        for (int attempt = 1; ; attempt++) {
            try {
                return delegate.chat(request);
            } catch (RuntimeException e) {
                if (!TransientFailure.isTransient(e)) {
                    throw e;
                }
                if (attempt >= policy.maxAttempts()) {
                    throw new GaveUp(attempt, e);
                }
                Optional<Duration> asked = TransientFailure.retryAfter(e, clock);
                sleep(policy.delay(attempt, asked, random));
            }
        }
    }

    private static void sleep(Duration wait) {
        try {
            Thread.sleep(wait.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting to retry the model", e);
        }
    }
}
