package dev.loupe.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.core.SafeName;
import dev.loupe.graph.GraphFiles;
import dev.loupe.graph.GraphLocation;
import dev.loupe.graph.GraphOverrides;
import dev.loupe.graph.GraphSpec;
import io.javalin.http.Context;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * What a fork changes, as the page's fork form sends it: {@code ?model=NAME} ({@code offline} or a
 * model at the graph's OpenAI-compatible endpoint, for every node that re-runs) and an optional JSON
 * body {@code {"prompts": {"agent": "text…"}}} with the text of other prompts. A prompt text is
 * written to a file named by its SHA-256, because graphs read prompts from files and a replay of the
 * fork reads the same file again: {@code prompts/<graph>/forks/} beside the graph's own prompts when
 * the graph is read from a folder (graph files must stay inside it), a temporary folder when it is
 * bundled in the jar.
 */
final class ForkRequest {

    static final int MAX_PROMPT_CHARS = 64 * 1024;
    /** Room for every role's prompt at the limit, whatever the characters' JSON spelling. */
    static final long MAX_BODY_BYTES = 1024 * 1024;
    private static final Set<String> ROLES = Set.of("vision", "agent", "practice", "task", "structuring");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path home;
    private final Path scratch;

    /** Prompts for graphs read from {@code home}'s folders go there; those for bundled graphs under {@code scratch}. */
    ForkRequest(Path home, Path scratch) {
        this.home = home;
        this.scratch = scratch;
    }

    /** The overrides {@code ctx} and its {@code body} ask for on top of {@code spec}, the forked thread's graph. */
    GraphOverrides overrides(Context ctx, String body, GraphSpec spec) {
        GraphOverrides overrides = GraphOverrides.none();
        String model = ctx.queryParam("model");
        if (model != null && !model.isBlank()) {
            overrides = overrides.modelNamed(spec, checkedModel(model.strip()));
        }
        if (body.isBlank()) {
            return overrides;
        }
        JsonNode prompts = read(body).path("prompts");
        for (Iterator<Map.Entry<String, JsonNode>> it = prompts.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> prompt = it.next();
            String text = prompt.getValue().asText("");
            if (!ROLES.contains(prompt.getKey())) {
                throw HttpProblem.badRequest("no prompt role '" + prompt.getKey() + "'; the roles are " + String.join(", ", ROLES.stream().sorted().toList()));
            }
            if (text.isBlank()) {
                continue;
            }
            if (text.length() > MAX_PROMPT_CHARS) {
                throw HttpProblem.badRequest("the " + prompt.getKey() + " prompt has " + text.length() + " characters; the limit is " + MAX_PROMPT_CHARS);
            }
            overrides = overrides.prompt(prompt.getKey(), write(text, spec.name()));
        }
        return overrides;
    }

    private static String checkedModel(String model) {
        if (!model.matches("[\\w.:/@+-]{1,200}")) {
            throw HttpProblem.badRequest("a model name is letters, digits and . : / @ + - _ (at most 200); got " + model);
        }
        return model;
    }

    private static JsonNode read(String body) {
        try {
            JsonNode node = JSON.readTree(body);
            if (node == null || !node.isObject() || !(node.path("prompts").isObject() || node.path("prompts").isMissingNode())) {
                throw HttpProblem.badRequest("a fork's body is {\"prompts\": {\"ROLE\": \"text\"}}; got " + abbreviate(body));
            }
            return node;
        } catch (IOException e) {
            throw HttpProblem.badRequest("a fork's body is JSON: {\"prompts\": {\"ROLE\": \"text\"}}; got " + abbreviate(body));
        }
    }

    /** The path the graph reads the prompt from: relative to its folder, or absolute for a bundled graph. */
    private String write(String text, String graph) {
        Path root = root(graph);
        // The graph's name becomes a folder name: one name by SafeName's rule, whatever the graph file says.
        String relative = "prompts/" + SafeName.from(graph, 80, "graph") + "/forks/";
        Path dir = root != null ? root.resolve(relative) : scratch;
        try {
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
            String name = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes)) + ".md";
            Path file = SafeName.inside(Files.createDirectories(dir), name);
            if (!Files.isRegularFile(file)) {
                Files.write(file, bytes);
            }
            return root != null ? relative + name : file.toAbsolutePath().toString();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the fork's prompt under " + dir, e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this Java has no SHA-256", e);
        }
    }

    private Path root(String graph) {
        try {
            return GraphLocation.of(home, graph).files() instanceof GraphFiles.Folder folder ? folder.root() : null;
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static String abbreviate(String text) {
        return text.length() > 60 ? text.substring(0, 60) + "…" : text;
    }
}
