package dev.loupe.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.Loupe;
import dev.loupe.Threads;
import dev.loupe.checkpoint.CheckpointInfo;
import dev.loupe.checkpoint.ReplayReport;
import dev.loupe.checkpoint.ThreadRecord;
import dev.loupe.core.SafeName;
import dev.loupe.graph.AnalysisResult;
import dev.loupe.graph.GraphOverrides;
import io.javalin.http.Context;

import java.nio.charset.StandardCharsets;

/**
 * {@code /v1/threads…}: past analyses from the store the served graphs share — a page of threads,
 * one thread with its result, its checkpoints, and a replay (which re-runs the tools, so it takes an
 * analysis slot and the request timeout like an analysis does).
 */
final class ThreadRoutes {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int MAX_PAGE = 500;

    private final AnalysisRoutes routes;
    private final ForkRequest forks;

    ThreadRoutes(AnalysisRoutes routes, ForkRequest forks) {
        this.routes = routes;
        this.forks = forks;
    }

    /** {@code GET /v1/threads?limit=50&offset=0}: newest first. */
    void list(Context ctx) {
        int limit = intParam(ctx, "limit", 50, 1, MAX_PAGE);
        int offset = intParam(ctx, "offset", 0, 0, Integer.MAX_VALUE);
        ArrayNode threads = JSON.createArrayNode();
        threads().list(limit, offset).forEach(record -> threads.add(summary(record)));
        ObjectNode body = JSON.createObjectNode();
        body.set("threads", threads);
        body.put("limit", limit);
        body.put("offset", offset);
        json(ctx, body);
    }

    /** {@code GET /v1/threads/{id}}: the thread and its stored result. */
    void find(Context ctx) {
        ThreadRecord record = require(threadId(ctx));
        ObjectNode body = summary(record);
        body.set("result", threads().result(record.id()).orElse(null));
        json(ctx, body);
    }

    /** {@code GET /v1/threads/{id}/history}: every checkpoint, oldest first. */
    void history(Context ctx) {
        ThreadRecord record = require(threadId(ctx));
        ArrayNode checkpoints = JSON.createArrayNode();
        for (CheckpointInfo checkpoint : threads().history(record.id())) {
            ObjectNode node = checkpoints.addObject();
            node.put("thread_id", checkpoint.threadId());
            node.put("checkpoint_id", checkpoint.checkpointId());
            node.put("node", checkpoint.node());
            node.put("next", checkpoint.next());
            node.put("time", checkpoint.time() == null ? null : checkpoint.time().toString());
            node.set("tool_calls", JSON.valueToTree(checkpoint.toolCalls()));
            node.put("total_tokens", checkpoint.totalTokens());
        }
        ObjectNode body = JSON.createObjectNode();
        body.put("id", record.id());
        body.set("checkpoints", checkpoints);
        json(ctx, body);
    }

    /** {@code POST /v1/threads/{id}/replay}: re-run with the recorded model replies; identical or not, and how. */
    void replay(Context ctx) {
        ThreadRecord record = require(threadId(ctx));
        // A thread is replayed by the graph that ran it.
        Threads owner = routes.graphs().get(record.graphName()).threads();
        ReplayReport report = routes.inSlot(() -> owner.replay(record.id()), "replay");
        ObjectNode body = JSON.createObjectNode();
        body.put("id", report.threadId());
        body.put("identical", report.identical());
        body.set("differences", JSON.valueToTree(report.differences()));
        body.set("fingerprint_drift", JSON.valueToTree(report.fingerprintDrift()));
        body.set("result", report.result());
        json(ctx, body);
    }

    /**
     * {@code POST /v1/threads/{id}/fork?from=agent[&model=NAME]}: a new thread re-running what comes
     * after the checkpoint {@code from} names (a node or a checkpoint id), with the same graph, and the
     * same model and prompts unless the request names others (see {@link ForkRequest}).
     */
    void fork(Context ctx) {
        ThreadRecord record = require(threadId(ctx));
        String from = ctx.queryParam("from");
        if (from == null || from.isBlank()) {
            throw HttpProblem.badRequest("say where to fork from: ?from=NODE (vision, agent, structuring) or a checkpoint id");
        }
        Loupe loupe = routes.graphs().get(record.graphName());
        String body = new String(routes.uploads().body(ctx.req(), ForkRequest.MAX_BODY_BYTES, "a fork's body"), StandardCharsets.UTF_8);
        GraphOverrides overrides = forks.overrides(ctx, body, loupe.graph().spec());
        Threads owner = loupe.threads();
        AnalysisResult result = routes.inSlot(() -> owner.fork(record.id(), from, overrides), "fork");
        json(ctx, result.toJson());
    }

    /**
     * The {@code {id}} of a {@code /v1/threads/{id}…} route: a name by {@link SafeName}'s rule, or a
     * 400 saying what an id may hold, before the store is asked.
     */
    static String threadId(Context ctx) {
        return SafeName.require("thread id", ctx.pathParam("id"));
    }

    private Threads threads() {
        return routes.graphs().defaultGraph().threads();
    }

    private ThreadRecord require(String id) {
        return threads().find(id).orElseThrow(() -> HttpProblem.notFound("no thread " + id + " in the store"));
    }

    private static ObjectNode summary(ThreadRecord record) {
        ObjectNode node = JSON.createObjectNode();
        node.put("id", record.id());
        node.put("created", record.createdAt().toString());
        node.put("updated", record.updatedAt().toString());
        node.put("status", record.status().code());
        node.put("graph", record.graphName());
        node.putObject("image").put("name", record.imageName()).put("sha256", record.imageSha256());
        node.put("verdict", record.verdict());
        node.put("model", record.model());
        return node;
    }

    private static int intParam(Context ctx, String name, int fallback, int min, int max) {
        String text = ctx.queryParam(name);
        if (text == null) {
            return fallback;
        }
        try {
            int value = Integer.parseInt(text);
            if (value < min || value > max) {
                throw HttpProblem.badRequest(name + " must be between " + min + " and " + max + "; got " + value);
            }
            return value;
        } catch (NumberFormatException e) {
            throw HttpProblem.badRequest(name + " must be a whole number; got " + text);
        }
    }

    private static void json(Context ctx, JsonNode body) {
        ctx.contentType("application/json").result(body.toString());
    }
}
