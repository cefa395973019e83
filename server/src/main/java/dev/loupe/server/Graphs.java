package dev.loupe.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.Loupe;
import dev.loupe.graph.GraphSpec;
import dev.loupe.server.diagram.SvgDiagram;
import io.javalin.http.Context;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The graphs a server runs, one {@link Loupe} each, by name; the first is the default. Serves
 * {@code GET /v1/graphs}: each graph's name, description, tools and Mermaid diagram, and
 * {@code GET /v1/graphs/{name}/diagram.svg}: that diagram drawn.
 */
final class Graphs {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final Map<String, Loupe> byName;
    private final String defaultName;
    private final Map<String, String> diagrams = new java.util.concurrent.ConcurrentHashMap<>();

    Graphs(List<Loupe> loupes) {
        if (loupes.isEmpty()) {
            throw new IllegalArgumentException("a server needs at least one graph");
        }
        this.byName = new LinkedHashMap<>();
        for (Loupe loupe : loupes) {
            byName.put(loupe.graph().spec().name(), loupe);
        }
        this.defaultName = loupes.get(0).graph().spec().name();
    }

    /** The graph called {@code name}, or the default one when {@code name} is null; 404 when there is none. */
    Loupe get(String name) {
        Loupe loupe = byName.get(name == null ? defaultName : name);
        if (loupe == null) {
            throw HttpProblem.notFound("no graph named " + name + "; this server runs " + String.join(", ", byName.keySet()));
        }
        return loupe;
    }

    /** Whether this server runs a graph called {@code name}. */
    boolean serves(String name) {
        return name != null && byName.containsKey(name);
    }

    Loupe defaultGraph() {
        return byName.get(defaultName);
    }

    void list(Context ctx) {
        ArrayNode graphs = JSON.createArrayNode();
        byName.forEach((name, loupe) -> {
            GraphSpec spec = loupe.graph().spec();
            ObjectNode graph = graphs.addObject();
            graph.put("name", name);
            graph.put("description", spec.description());
            graph.put("default", name.equals(defaultName));
            graph.put("use_tools", spec.agent().enabled());
            graph.set("tools", JSON.valueToTree(spec.tools().names()));
            graph.put("max_iterations", spec.agent().maxIterations());
            graph.put("mermaid", loupe.graph().mermaid());
        });
        ObjectNode body = JSON.createObjectNode();
        body.set("graphs", graphs);
        ctx.contentType("application/json").result(body.toString());
    }

    /** {@code GET /v1/graphs/{name}/diagram.svg}: the compiled graph's Mermaid diagram, laid out and drawn here. */
    void diagram(Context ctx) {
        String name = ctx.pathParam("name");
        Loupe loupe = get(name);
        String svg = diagrams.computeIfAbsent(name, n -> SvgDiagram.ofMermaid(loupe.graph().mermaid(), n));
        ctx.header("X-Content-Type-Options", "nosniff");
        ctx.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
        ctx.contentType("image/svg+xml; charset=utf-8").result(svg);
    }
}
