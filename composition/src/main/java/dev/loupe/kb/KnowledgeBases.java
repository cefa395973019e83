package dev.loupe.kb;

import dev.loupe.checkpoint.StoreLocation;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The knowledge base of the process's default store ({@code $LOUPE_STORE} / the {@code loupe.store}
 * property, else {@code ~/.loupe/loupe.db}), for tools run outside a Loupe instance. Inside one, tools
 * use the instance's own knowledge base, which it hands them through
 * {@link dev.loupe.tool.ToolContext#resources()}; nothing here is shared between instances.
 */
public final class KnowledgeBases {

    private static final Map<StoreLocation, KnowledgeBase> OPEN = new ConcurrentHashMap<>();
    private KnowledgeBases() {
    }

    /** The knowledge base at the default location, opened on first use and kept open. */
    public static KnowledgeBase current() {
        return at(StoreLocation.parse(System.getProperty("loupe.store")));
    }

    /** The knowledge base at {@code location}, opened once per process. */
    public static KnowledgeBase at(StoreLocation location) {
        return OPEN.computeIfAbsent(location, KnowledgeBase::open);
    }
}
