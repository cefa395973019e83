package dev.loupe.model;

import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The tokens one analysis used: per node that called a model, and in all. In a result's JSON it is
 * {@code token_usage}: each node's {@link Tokens#toMap()} by node id, then {@code total}.
 *
 * @param nodes the nodes that reported usage, in {@link NodeRole} order
 * @param total the sum over the nodes
 */
public record Usage(Map<NodeRole, Tokens> nodes, Tokens total) {

    public static final Usage NONE = new Usage(Map.of(), Tokens.ZERO);

    public Usage {
        EnumMap<NodeRole, Tokens> copy = new EnumMap<>(NodeRole.class);
        copy.putAll(nodes);
        nodes = Collections.unmodifiableMap(copy);
        total = total == null ? Tokens.ZERO : total;
    }

    /** Usage of these nodes, totalled. */
    public static Usage of(Map<NodeRole, Tokens> nodes) {
        Tokens total = Tokens.ZERO;
        for (Tokens tokens : nodes.values()) {
            total = total.plus(tokens);
        }
        return new Usage(nodes, total);
    }

    /** What {@code node} used; {@link Tokens#ZERO} when it called no model. */
    public Tokens of(NodeRole node) {
        return nodes.getOrDefault(node, Tokens.ZERO);
    }

    /** The usage as its JSON object: node id → {input, output, total}, then {@code total}. */
    public Map<String, Object> toMap() {
        Map<String, Object> map = new LinkedHashMap<>();
        nodes.forEach((node, tokens) -> map.put(node.id(), tokens.toMap()));
        map.put("total", total.toMap());
        return map;
    }

    /** The usage a result's JSON states ({@link #toMap()}); nodes it does not know are left out. */
    public static Usage fromMap(Map<String, ?> map) {
        Map<NodeRole, Tokens> nodes = new EnumMap<>(NodeRole.class);
        for (NodeRole node : NodeRole.values()) {
            if (map.containsKey(node.id())) {
                nodes.put(node, Tokens.fromMap(map.get(node.id())));
            }
        }
        return new Usage(nodes, map.containsKey("total") ? Tokens.fromMap(map.get("total")) : of(nodes).total());
    }
}
