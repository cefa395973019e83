package dev.loupe.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.graph.AnalysisEvent;
import io.javalin.http.Context;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * A Server-Sent Events response (text/event-stream): one event per analysis event, named by its
 * type ({@code node_start}, {@code node_end}, {@code tool_call}, {@code tool_result}, {@code final}),
 * its data one line of JSON, flushed as it happens; {@code error} carries a problem detail when the
 * analysis fails after the stream has begun.
 */
final class EventStream {

    /** The event that ends a stream whose analysis failed after the stream began. */
    static final String ERROR = "error";
    private static final ObjectMapper JSON = new ObjectMapper();
    private final OutputStream out;
    private long id;
    private boolean broken;

    EventStream(Context ctx) {
        ctx.status(200);
        ctx.contentType("text/event-stream; charset=utf-8");
        ctx.header("Cache-Control", "no-cache");
        // Tells buffering proxies (nginx) to pass events through as they come.
        ctx.header("X-Accel-Buffering", "no");
        this.out = ctx.outputStream();
    }

    /** The JSON an event is sent as: type, node, detail; a final event's result in full. */
    static ObjectNode toJson(AnalysisEvent event) {
        ObjectNode node = JSON.createObjectNode();
        node.put("type", event.type());
        node.put("node", event.node());
        if (event.isFinal()) {
            node.set("result", event.result().toJson());
        } else {
            node.set("detail", JSON.valueToTree(event.detail()));
        }
        return node;
    }

    void send(AnalysisEvent event) {
        send(event.type(), toJson(event));
    }

    void error(Problem problem) {
        send(ERROR, problem.toJson());
    }

    /**
     * Writes one event; once the client has gone, later events are dropped quietly (the analysis
     * still finishes and is recorded).
     */
    void send(String name, ObjectNode data) {
        if (broken) {
            return;
        }
        String text = "id: " + (++id) + "\nevent: " + name + "\ndata: " + data + "\n\n";
        try {
            out.write(text.getBytes(StandardCharsets.UTF_8));
            out.flush();
        } catch (IOException e) {
            broken = true;
        }
    }

    boolean broken() {
        return broken;
    }
}
