package dev.loupe.model.offline;

import java.util.Map;

/**
 * A rule-based policy the offline provider can run, by the name a graph file gives in
 * {@code policy.kind}. The engine ships {@code facts}; each tool family lists its own policy in
 * {@code META-INF/services/dev.loupe.model.offline.OfflinePolicyKind}, beside its tools and graph
 * files, so the provider never names a family.
 */
public interface OfflinePolicyKind {

    /** The name a graph file's {@code policy.kind} gives. */
    String name();

    /** The policy for one graph, from the graph file's {@code policy:} block. */
    OfflinePolicy fromConfig(Map<String, Object> config);

    /**
     * What the offline describer closes its visual description with in this kind's graphs: the first
     * impression their vision prompt asks for, or empty when it asks none (most graphs judge nothing
     * from pixels alone).
     */
    default String firstImpression() {
        return "";
    }
}
