package dev.loupe.soak;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loupe.testing.OpenAiStub;
import dev.loupe.testing.StubServerMain;

import java.io.IOException;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An OpenAI-compatible model on loopback that plays the forensic conversation of
 * {@link StubServerMain} and, with probability {@code faultRate} per request, answers with a fault
 * instead. Faults are drawn from a seeded generator, so a run can be repeated; they can be switched
 * off to let interrupted threads resume.
 */
final class FaultyModel implements AutoCloseable {

    /** The faults a model endpoint really produces. */
    enum Fault {
        HTTP_500, HTTP_429_RETRY_AFTER, TIMEOUT, TRUNCATED_BODY, MALFORMED_TOOL_CALL
    }

    private final OpenAiStub stub;
    private final Random random;
    private final long timeoutMillis;
    private volatile double faultRate;
    private final Map<Fault, AtomicLong> injected = new EnumMap<>(Fault.class);
    private final AtomicLong requests = new AtomicLong();

    /**
     * @param timeoutMillis how long a {@link Fault#TIMEOUT} reply is held back: longer than the client waits
     */
    FaultyModel(double faultRate, long seed, long timeoutMillis) throws IOException {
        this.stub = new OpenAiStub();
        this.random = new Random(seed);
        this.faultRate = faultRate;
        this.timeoutMillis = timeoutMillis;
        for (Fault fault : Fault.values()) {
            injected.put(fault, new AtomicLong());
        }
        stub.otherwise(this::answer);
    }

    String baseUrl() {
        return stub.baseUrl();
    }

    void faultRate(double rate) {
        this.faultRate = rate;
    }

    long requests() {
        return requests.get();
    }

    /** How many of each fault were injected so far. */
    Map<Fault, Long> injected() {
        Map<Fault, Long> counts = new EnumMap<>(Fault.class);
        injected.forEach((fault, count) -> counts.put(fault, count.get()));
        return counts;
    }

    private OpenAiStub.Reply answer(JsonNode body) {
        requests.incrementAndGet();
        Fault fault;
        synchronized (random) {
            fault = random.nextDouble() < faultRate ? Fault.values()[random.nextInt(Fault.values().length)] : null;
        }
        OpenAiStub.Reply normal = StubServerMain.forensicReply(body);
        if (fault == null || fault == Fault.MALFORMED_TOOL_CALL && body.path("tools").isMissingNode()) {
            return normal;
        }
        injected.get(fault).incrementAndGet();
        return switch (fault) {
            case HTTP_500 -> OpenAiStub.error(500, "the server had an error while processing your request");
            case HTTP_429_RETRY_AFTER -> OpenAiStub.error(429, "rate limit reached").withHeader("Retry-After", "1");
            case TIMEOUT -> normal.delayed(timeoutMillis);
            case TRUNCATED_BODY -> normal.truncated();
            case MALFORMED_TOOL_CALL -> OpenAiStub.toolCalls(List.of(
                    new String[] {"jpeg", "{\"quality\": 9"},
                    new String[] {"no_such_tool", "{}"},
                    new String[] {"metadata", "[1, 2]"}), 100, 20);
        };
    }

    @Override
    public void close() {
        stub.close();
    }
}
