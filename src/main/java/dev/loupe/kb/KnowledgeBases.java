package dev.loupe.kb;

import dev.loupe.checkpoint.StoreLocation;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The knowledge bases a process has open, one per store location, shared by every tool and run,
 * and the location tools use when none is given: the one the command line was pointed at with
 * {@code --store}, else {@code $LOUPE_STORE} / the {@code loupe.store} property, else
 * {@code ~/.loupe/loupe.db}. Tools are found by {@link java.util.ServiceLoader} and built without
 * arguments, so this is how they learn where the collections live.
 */
public final class KnowledgeBases {

    private static final Map<StoreLocation, KnowledgeBase> OPEN = new ConcurrentHashMap<>();
    private static volatile StoreLocation chosen;

    private KnowledgeBases() {
    }

    /** Makes {@code location} where tools look for collections from now on in this process. */
    public static void use(StoreLocation location) {
        chosen = location;
    }

    /** The knowledge base at the chosen location, opened on first use and kept open. */
    public static KnowledgeBase current() {
        StoreLocation location = chosen != null ? chosen : StoreLocation.parse(System.getProperty("loupe.store"));
        return at(location);
    }

    /** The knowledge base at {@code location}, opened once per process. */
    public static KnowledgeBase at(StoreLocation location) {
        return OPEN.computeIfAbsent(location, KnowledgeBase::open);
    }
}
