package dev.loupe.server.diagram;

import java.util.List;
import java.util.Optional;

/**
 * A flowchart as Mermaid states it: nodes and edges of one level, and the subgraphs nested in it.
 * A subgraph is also a node of its parent (edges in the parent name it by its id).
 *
 * @param id        the chart's id: its title at the top, the subgraph's name below
 * @param nodes     the nodes declared at this level, in order
 * @param edges     the edges between them, in order
 * @param subgraphs the charts nested at this level
 */
public record Flowchart(String id, List<Node> nodes, List<Edge> edges, List<Flowchart> subgraphs) {

    public Flowchart {
        nodes = List.copyOf(nodes);
        edges = List.copyOf(edges);
        subgraphs = List.copyOf(subgraphs);
    }

    /** How Mermaid draws a node: {@code ((…))}, {@code ("…")}, {@code {"…"}}, {@code ["…"]}. */
    public enum Shape { CIRCLE, ROUNDED, DIAMOND, BOX }

    /** A node: its id (what edges name), the text drawn in it, and its shape. */
    public record Node(String id, String label, Shape shape) {
    }

    /** An edge; {@code dotted} for Mermaid's {@code -.->} (a conditional edge), with an optional label. */
    public record Edge(String from, String to, boolean dotted, String label) {
    }

    public Optional<Flowchart> subgraph(String name) {
        return subgraphs.stream().filter(s -> s.id().equals(name)).findFirst();
    }
}
