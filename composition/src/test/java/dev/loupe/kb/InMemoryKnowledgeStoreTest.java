package dev.loupe.kb;

/** The contract on collections kept in memory only ({@code --store memory}). */
class InMemoryKnowledgeStoreTest extends KnowledgeStoreContract {

    @Override
    protected KnowledgeStore open() {
        return FileKnowledgeStore.inMemory();
    }
}
