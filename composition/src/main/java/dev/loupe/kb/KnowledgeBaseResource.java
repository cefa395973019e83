package dev.loupe.kb;

import dev.loupe.checkpoint.StoreLocation;
import dev.loupe.tool.StoreResource;

/** The knowledge base kept with a Loupe instance's store, for {@code composition_search}. */
public final class KnowledgeBaseResource implements StoreResource<KnowledgeBase> {

    @Override
    public Class<KnowledgeBase> type() {
        return KnowledgeBase.class;
    }

    @Override
    public KnowledgeBase open(StoreLocation location) {
        return KnowledgeBase.open(location);
    }
}
