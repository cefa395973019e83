package dev.loupe.checkpoint;

import org.bsc.langgraph4j.RunnableConfig;
import org.bsc.langgraph4j.checkpoint.BaseCheckpointSaver;

import java.time.Clock;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The threads table of the {@code memory} store. Deleting a thread releases its checkpoints from
 * the saver it shares, so nothing of the thread is left in memory.
 */
final class InMemoryThreadStore implements ThreadStore {

    private static final Comparator<ThreadRecord> NEWEST_FIRST = Comparator
            .comparing(ThreadRecord::createdAt).thenComparing(ThreadRecord::id).reversed();

    private final Map<String, ThreadRecord> threads = new HashMap<>();
    private final BaseCheckpointSaver saver;
    private final Clock clock;

    InMemoryThreadStore(BaseCheckpointSaver saver, Clock clock) {
        this.saver = Objects.requireNonNull(saver, "saver");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    @Override
    public synchronized boolean createThread(ThreadRecord thread) {
        return threads.putIfAbsent(thread.id(), thread) == null;
    }

    @Override
    public synchronized boolean finishThread(String id, ThreadStatus status, String verdict, String resultJson) {
        ThreadRecord existing = threads.get(id);
        if (existing == null) {
            return false;
        }
        threads.put(id, existing.finished(status, verdict, resultJson, clock.instant()));
        return true;
    }

    @Override
    public synchronized List<ThreadRecord> listThreads(int limit, int offset) {
        if (limit < 0 || offset < 0) {
            throw new IllegalArgumentException("limit and offset must not be negative: " + limit + ", " + offset);
        }
        return threads.values().stream().sorted(NEWEST_FIRST).skip(offset).limit(limit).toList();
    }

    @Override
    public synchronized Optional<ThreadRecord> findThread(String id) {
        return Optional.ofNullable(threads.get(id));
    }

    @Override
    public synchronized boolean deleteThread(String id) {
        for (String threadId : ThreadStore.checkpointThreadIds(id, t -> saver.get(config(t)).isPresent())) {
            try {
                saver.release(config(threadId));
            } catch (Exception e) {
                throw new IllegalStateException("Cannot release the checkpoints of thread " + threadId, e);
            }
        }
        return threads.remove(id) != null;
    }

    @Override
    public synchronized int pruneOlderThan(Instant cutoff) {
        List<String> old = threads.values().stream()
                .filter(thread -> thread.updatedAt().isBefore(cutoff))
                .map(ThreadRecord::id)
                .toList();
        old.forEach(this::deleteThread);
        return old.size();
    }

    private static RunnableConfig config(String threadId) {
        return RunnableConfig.builder().threadId(threadId).build();
    }
}
