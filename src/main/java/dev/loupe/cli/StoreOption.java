package dev.loupe.cli;

import dev.loupe.checkpoint.StoreLocation;
import dev.loupe.kb.KnowledgeBases;
import picocli.CommandLine.Option;

/** {@code --store}: where threads are kept. */
final class StoreOption {

    @Option(names = "--store", paramLabel = "PATH|memory|jdbc:postgresql://…",
            description = "Where threads are kept: a SQLite file (default $LOUPE_STORE, else ~/.loupe/loupe.db), "
                    + "'memory' (nothing kept), or a PostgreSQL URL (user and password from LOUPE_DB_USER/LOUPE_DB_PASSWORD).")
    String store;

    StoreLocation location() {
        String value = store != null ? store : System.getProperty("loupe.store");
        StoreLocation location = StoreLocation.parse(value);
        // Tools built by ServiceLoader (composition_search) read their knowledge base from the same store.
        KnowledgeBases.use(location);
        return location;
    }
}
