package dev.loupe.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.function.Function;

/**
 * An OpenAI-compatible server on loopback for tests: it answers {@code POST /v1/chat/completions}
 * with scripted replies, in order, and records every request it received (body and headers), so a
 * test can assert what went over the wire. When the script runs out it uses the fallback responder.
 */
public final class OpenAiStub implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** One scripted reply: status, body, headers, and an optional delay before answering. */
    public record Reply(int status, String body, Map<String, String> headers, long delayMillis) {
        public static Reply json(int status, String body) {
            return new Reply(status, body, Map.of(), 0);
        }

        public Reply withHeader(String name, String value) {
            Map<String, String> copy = new LinkedHashMap<>(headers);
            copy.put(name, value);
            return new Reply(status, body, copy, delayMillis);
        }

        public Reply delayed(long millis) {
            return new Reply(status, body, headers, millis);
        }

        /** This reply cut off halfway: its Content-Length promises the whole body, the connection then closes. */
        public Reply truncated() {
            return withHeader(TRUNCATE, "close");
        }

        /** This reply's headers and half its body, then nothing for {@code millis} before the connection closes. */
        public Reply stalled(long millis) {
            return withHeader(TRUNCATE, String.valueOf(millis));
        }
    }

    /** Marks a reply to cut off ({@code close}) or stall (milliseconds); never sent. */
    private static final String TRUNCATE = "X-Stub-Truncate";

    /**
     * One recorded request.
     *
     * @param receivedNanos {@link System#nanoTime()} when the stub received it, for waits between attempts
     * @param raw           the body exactly as sent
     */
    public record Recorded(String path, JsonNode body, Map<String, List<String>> headers, long receivedNanos, String raw) {
    }

    private final HttpServer server;
    private final Deque<Reply> script = new ArrayDeque<>();
    private final List<Recorded> requests = Collections.synchronizedList(new ArrayList<>());
    private volatile Function<JsonNode, Reply> fallback = body -> Reply.json(500, "{\"error\":{\"message\":\"script exhausted\"}}");

    public OpenAiStub() throws IOException {
        this(0);
    }

    /** A stub on a free port, for a test's field: {@code @AutoClose private final OpenAiStub stub = OpenAiStub.started();} */
    public static OpenAiStub started() {
        try {
            return new OpenAiStub();
        } catch (IOException e) {
            throw new UncheckedIOException("the OpenAI stub could not listen on the loopback interface", e);
        }
    }

    /** A stub on {@code port} of the loopback interface (0: any free port). */
    public OpenAiStub(int port) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
        server.createContext("/", this::handle);
        server.setExecutor(Executors.newCachedThreadPool());
        server.start();
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    public OpenAiStub enqueue(Reply reply) {
        synchronized (script) {
            script.add(reply);
        }
        return this;
    }

    public OpenAiStub otherwise(Function<JsonNode, Reply> responder) {
        this.fallback = responder;
        return this;
    }

    public List<Recorded> requests() {
        synchronized (requests) {
            return List.copyOf(requests);
        }
    }

    private void handle(HttpExchange exchange) throws IOException {
        long received = System.nanoTime();
        byte[] raw = exchange.getRequestBody().readAllBytes();
        JsonNode body;
        try {
            body = raw.length == 0 ? JSON.createObjectNode() : JSON.readTree(raw);
        } catch (IOException e) {
            body = JSON.createObjectNode().put("unparseable", new String(raw, StandardCharsets.UTF_8));
        }
        requests.add(new Recorded(exchange.getRequestURI().getPath(), body, Map.copyOf(exchange.getRequestHeaders()), received,
                new String(raw, StandardCharsets.UTF_8)));
        Reply reply;
        synchronized (script) {
            reply = script.poll();
        }
        if (reply == null) {
            reply = fallback.apply(body);
        }
        if (reply.delayMillis() > 0) {
            try {
                Thread.sleep(reply.delayMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        byte[] out = reply.body().getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        reply.headers().forEach((k, v) -> {
            if (!k.equals(TRUNCATE)) {
                exchange.getResponseHeaders().add(k, v);
            }
        });
        exchange.sendResponseHeaders(reply.status(), out.length);
        String cut = reply.headers().get(TRUNCATE);
        try (OutputStream stream = exchange.getResponseBody()) {
            stream.write(out, 0, cut != null ? out.length / 2 : out.length);
            if (cut != null && !cut.equals("close")) {
                stream.flush();
                Thread.sleep(Long.parseLong(cut));
            }
        } catch (IOException e) {
            // A cut-off reply: closing short of the promised length drops the connection, as intended.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A chat completion whose message is {@code text}. */
    public static Reply text(String text, int promptTokens, int completionTokens) {
        ObjectNode message = JSON.createObjectNode().put("role", "assistant").put("content", text);
        return Reply.json(200, completion(message, "stop", promptTokens, completionTokens).toString());
    }

    /** A chat completion that calls tools: each call is {name, argumentsJson}. */
    public static Reply toolCalls(List<String[]> calls, int promptTokens, int completionTokens) {
        ObjectNode message = JSON.createObjectNode().put("role", "assistant");
        message.putNull("content");
        ArrayNode list = message.putArray("tool_calls");
        int index = 0;
        for (String[] call : calls) {
            index++;
            ObjectNode entry = list.addObject().put("id", "call_" + System.nanoTime() + "_" + index).put("type", "function");
            entry.putObject("function").put("name", call[0]).put("arguments", call[1]);
        }
        return Reply.json(200, completion(message, "tool_calls", promptTokens, completionTokens).toString());
    }

    private static ObjectNode completion(ObjectNode message, String finishReason, int promptTokens, int completionTokens) {
        ObjectNode root = JSON.createObjectNode()
                .put("id", "chatcmpl-stub")
                .put("object", "chat.completion")
                .put("created", 1_700_000_000L)
                .put("model", "stub-model-2026");
        ObjectNode choice = root.putArray("choices").addObject();
        choice.put("index", 0);
        choice.set("message", message);
        choice.put("finish_reason", finishReason);
        root.putObject("usage")
                .put("prompt_tokens", promptTokens)
                .put("completion_tokens", completionTokens)
                .put("total_tokens", promptTokens + completionTokens);
        return root;
    }

    /** An error response with an OpenAI-style error body. */
    public static Reply error(int status, String message) {
        ObjectNode root = JSON.createObjectNode();
        root.putObject("error").put("message", message).put("type", "server_error");
        return Reply.json(status, root.toString());
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
