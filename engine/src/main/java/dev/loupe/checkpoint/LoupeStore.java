package dev.loupe.checkpoint;

import org.bsc.langgraph4j.checkpoint.BaseCheckpointSaver;
import org.bsc.langgraph4j.checkpoint.MemorySaver;
import org.bsc.langgraph4j.serializer.PlainTextStateSerializer;

import java.time.Clock;
import java.util.List;
import java.util.Objects;

/**
 * Everything Loupe keeps about its threads, opened from a {@link StoreLocation}: the checkpoint
 * saver to compile graphs with, the threads table, and the artefact store. Close it when done.
 *
 * <pre>{@code
 * try (LoupeStore store = LoupeStore.open(StoreLocation.parse(storeOption),
 *         new LC4jJacksonStateSerializer<>(AgentState::new))) {
 *     graph.compile(CompileConfig.builder().checkpointSaver(store.saver()).build());
 * }
 * }</pre>
 */
public final class LoupeStore implements AutoCloseable {

    private final StoreLocation location;
    private final BaseCheckpointSaver saver;
    private final ThreadStore threads;
    private final ArtifactStore artifacts;
    private final List<String> appliedMigrations;
    private final AutoCloseable resources;

    private LoupeStore(StoreLocation location, BaseCheckpointSaver saver, ThreadStore threads,
                       ArtifactStore artifacts, List<String> appliedMigrations, AutoCloseable resources) {
        this.location = location;
        this.saver = saver;
        this.threads = threads;
        this.artifacts = artifacts;
        this.appliedMigrations = appliedMigrations;
        this.resources = resources;
    }

    /**
     * Opens the store, creating and migrating the database if needed.
     *
     * @param serializer the state's JSON serializer (Loupe: {@code LC4jJacksonStateSerializer});
     *                   unused by the memory store, which keeps state objects as they are
     * @throws dev.loupe.core.LoupeException UNAVAILABLE when the database cannot be opened
     */
    public static LoupeStore open(StoreLocation location, PlainTextStateSerializer<?> serializer) {
        return open(location, serializer, Clock.systemUTC());
    }

    static LoupeStore open(StoreLocation location, PlainTextStateSerializer<?> serializer, Clock clock) {
        Objects.requireNonNull(location, "location");
        Objects.requireNonNull(serializer, "serializer");
        if (location instanceof StoreLocation.Memory) {
            MemorySaver saver = new MemorySaver();
            return new LoupeStore(location, saver, new InMemoryThreadStore(saver, clock),
                    new InMemoryArtifactStore(), List.of(), () -> { });
        }
        if (location instanceof StoreLocation.Sqlite sqlite) {
            Database database = Database.open(sqlite);
            return new LoupeStore(location, new JdbcCheckpointSaver(database, serializer, clock),
                    new JdbcThreadStore(database, clock), new FileArtifactStore(sqlite.artifactFolder()),
                    database.appliedMigrations(), database);
        }
        Database database = location instanceof StoreLocation.Hosted hosted ? Database.open(hosted)
                : Database.open((StoreLocation.Postgres) location);
        return new LoupeStore(location, new JdbcCheckpointSaver(database, serializer, clock),
                new JdbcThreadStore(database, clock), new JdbcArtifactStore(database, clock),
                database.appliedMigrations(), database);
    }

    public StoreLocation location() {
        return location;
    }

    /** The checkpoint saver for {@code CompileConfig.builder().checkpointSaver(…)}. */
    public BaseCheckpointSaver saver() {
        return saver;
    }

    public ThreadStore threads() {
        return threads;
    }

    public ArtifactStore artifacts() {
        return artifacts;
    }

    /** The migration scripts this open applied; empty when the schema was already current. */
    public List<String> appliedMigrations() {
        return appliedMigrations;
    }

    @Override
    public void close() {
        try {
            resources.close();
        } catch (Exception e) {
            throw new IllegalStateException("Cannot close " + location, e);
        }
    }

    @Override
    public String toString() {
        return "LoupeStore[" + location + "]";
    }
}
