package dev.loupe.graph;

import dev.loupe.model.NodeRole;

import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How long one analysis took: seconds per node that ran, and in all (set-up and the graph's own
 * steps included). In a result's JSON it is {@code timings}: node id → seconds, then {@code total}.
 *
 * @param nodes the nodes that ran, in {@link NodeRole} order, in seconds to the millisecond
 * @param total the whole run, in seconds to the millisecond
 */
public record Timings(Map<NodeRole, Double> nodes, double total) {

    public Timings {
        EnumMap<NodeRole, Double> copy = new EnumMap<>(NodeRole.class);
        copy.putAll(nodes);
        nodes = Collections.unmodifiableMap(copy);
    }

    /** Seconds spent in {@code node}, 0 when it did not run. */
    public double seconds(NodeRole node) {
        return nodes.getOrDefault(node, 0.0);
    }

    /** The timings as their JSON object. */
    public Map<String, Double> toMap() {
        Map<String, Double> map = new LinkedHashMap<>();
        nodes.forEach((node, seconds) -> map.put(node.id(), seconds));
        map.put("total", total);
        return map;
    }

    /** The timings a result's JSON states ({@link #toMap()}); nodes it does not know are left out. */
    public static Timings fromMap(Map<String, ? extends Number> map) {
        Map<NodeRole, Double> nodes = new EnumMap<>(NodeRole.class);
        for (NodeRole node : NodeRole.values()) {
            if (map.get(node.id()) != null) {
                nodes.put(node, map.get(node.id()).doubleValue());
            }
        }
        Number total = map.get("total");
        return new Timings(nodes, total == null ? 0.0 : total.doubleValue());
    }
}
