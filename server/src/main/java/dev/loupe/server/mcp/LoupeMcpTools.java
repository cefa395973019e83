package dev.loupe.server.mcp;

import dev.loupe.mcp.McpJson;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.AnalysisOptions;
import dev.loupe.Loupe;
import dev.loupe.core.LoupeException;
import dev.loupe.core.SafeName;
import dev.loupe.checkpoint.ThreadRecord;
import dev.loupe.graph.AnalysisResult;
import dev.loupe.image.ImageLimits;
import dev.loupe.image.ImageLoader;
import dev.loupe.image.LoadedImage;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What Loupe's MCP tools do, apart from the protocol: analyse an image (a path or base64 bytes)
 * with a named graph, list and read threads, replay one, search the knowledge base. Each returns
 * JSON; bad input is a {@link LoupeException} whose one-line message the caller sees.
 */
final class LoupeMcpTools {

    private static final int MAX_PAGE = 200;

    private final Map<String, Loupe> graphs = new LinkedHashMap<>();
    private final String defaultGraph;
    private final ImageLoader loader;
    private final boolean pathsAllowed;
    private final Optional<Path> root;
    private final Optional<KnowledgeSearch> knowledge;

    /**
     * @param loupes       the graphs served, the first the default; they share one thread store
     * @param limits       the image checks; with an allowed root, paths must resolve inside it
     * @param pathsAllowed whether {@code path} arguments are read at all (over HTTP, only with an allowed root)
     * @param knowledge    the knowledge base, when there is one
     */
    LoupeMcpTools(List<Loupe> loupes, ImageLimits limits, boolean pathsAllowed, Optional<KnowledgeSearch> knowledge) {
        loupes.forEach(loupe -> graphs.put(loupe.graph().spec().name(), loupe));
        this.defaultGraph = loupes.get(0).graph().spec().name();
        this.loader = new ImageLoader(limits);
        this.pathsAllowed = pathsAllowed;
        this.root = limits.allowedRoot();
        this.knowledge = knowledge.filter(KnowledgeSearch::available);
    }

    List<String> graphNames() {
        return List.copyOf(graphs.keySet());
    }

    Optional<KnowledgeSearch> knowledge() {
        return knowledge;
    }

    AnalysisResult analyze(Map<String, Object> arguments) {
        Loupe loupe = graph(string(arguments, "graph"));
        String path = string(arguments, "path");
        String base64 = string(arguments, "image_base64");
        if ((path == null) == (base64 == null)) {
            throw LoupeException.badInput("give either path or image_base64");
        }
        LoadedImage image;
        if (path != null) {
            if (!pathsAllowed) {
                throw LoupeException.badInput("this server reads no paths (start it with --allowed-root DIR); send image_base64");
            }
            image = loader.load(file(path), path);
        } else {
            byte[] bytes;
            try {
                bytes = Base64.getMimeDecoder().decode(base64);
            } catch (IllegalArgumentException e) {
                throw LoupeException.badInput("image_base64 is not base64: " + e.getMessage());
            }
            String name = string(arguments, "name");
            image = loader.load(bytes, name == null ? "upload" : name);
        }
        return loupe.analyze(image, AnalysisOptions.defaults());
    }

    ObjectNode listThreads(Map<String, Object> arguments) {
        int limit = Math.max(1, Math.min(MAX_PAGE, integer(arguments, "limit", 20)));
        int offset = Math.max(0, integer(arguments, "offset", 0));
        ObjectNode body = McpJson.JSON.createObjectNode();
        ArrayNode threads = body.putArray("threads");
        any().threads().list(limit, offset).forEach(record -> threads.add(summary(record)));
        return body.put("limit", limit).put("offset", offset);
    }

    ObjectNode getThread(Map<String, Object> arguments) {
        ThreadRecord record = thread(arguments);
        ObjectNode body = summary(record);
        body.set("result", any().threads().result(record.id()).orElse(null));
        return body;
    }

    JsonNode replayThread(Map<String, Object> arguments) {
        ThreadRecord record = thread(arguments);
        Loupe owner = graphs.get(record.graphName());
        if (owner == null) {
            throw LoupeException.badInput("thread " + record.id() + " ran graph " + record.graphName()
                    + ", which this server does not run");
        }
        return McpJson.JSON.valueToTree(owner.threads().replay(record.id()));
    }

    JsonNode searchKnowledge(Map<String, Object> arguments) throws Exception {
        String query = string(arguments, "query");
        if (query == null || query.isBlank()) {
            throw LoupeException.badInput("query is required");
        }
        return knowledge.orElseThrow(() -> LoupeException.badInput("there is no knowledge collection to search"))
                .search(query, Math.max(1, Math.min(20, integer(arguments, "limit", 5))));
    }

    /** The file a {@code path} argument names: relative to the allowed root when there is one, else as given. */
    private Path file(String path) {
        try {
            return root.map(folder -> folder.resolve(path)).orElseGet(() -> Path.of(path));
        } catch (InvalidPathException e) {
            throw LoupeException.badInput("path '" + path + "' is not a valid path: " + e.getReason());
        }
    }

    private Loupe graph(String name) {
        Loupe loupe = graphs.get(name == null ? defaultGraph : name);
        if (loupe == null) {
            throw LoupeException.badInput("no graph named " + name + "; this server runs " + String.join(", ", graphs.keySet()));
        }
        return loupe;
    }

    private Loupe any() {
        return graphs.get(defaultGraph);
    }

    private ThreadRecord thread(Map<String, Object> arguments) {
        String id = string(arguments, "thread_id");
        if (id == null) {
            throw LoupeException.badInput("thread_id is required");
        }
        SafeName.require("thread_id", id);
        return any().threads().find(id).orElseThrow(() -> LoupeException.badInput("no thread " + id
                + "; list_threads shows the threads there are"));
    }

    private static ObjectNode summary(ThreadRecord record) {
        ObjectNode node = McpJson.JSON.createObjectNode();
        node.put("id", record.id());
        node.put("status", record.status().name().toLowerCase(java.util.Locale.ROOT));
        node.put("graph", record.graphName());
        node.put("image", record.imageName());
        node.put("verdict", record.verdict());
        node.put("model", record.model());
        node.put("created_at", record.createdAt().toString());
        node.put("updated_at", record.updatedAt().toString());
        return node;
    }

    private static String string(Map<String, Object> arguments, String key) {
        Object value = arguments.get(key);
        return value == null ? null : String.valueOf(value);
    }

    private static int integer(Map<String, Object> arguments, String key, int fallback) {
        Object value = arguments.get(key);
        if (value == null) {
            return fallback;
        }
        if (value instanceof Number number) {
            return number.intValue();
        }
        throw LoupeException.badInput(key + " must be a number, not '" + value + "'");
    }
}
