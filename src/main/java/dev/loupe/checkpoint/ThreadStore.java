package dev.loupe.checkpoint;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** The table of analysis threads: one row per run, its status, verdict and result. */
public interface ThreadStore {

    /** The suffix LangGraph4j gives the checkpoints of the {@code agent} subgraph of a thread. */
    String AGENT_SUBGRAPH_SUFFIX = "_subgraph_agent";

    /**
     * Inserts the thread if no thread has its id, atomically: of two callers claiming one id at once,
     * one gets true. A thread id names one analysis, so an existing row is never overwritten.
     *
     * @return false when a thread with this id exists (the store is unchanged)
     */
    boolean createThread(ThreadRecord thread);

    /**
     * Records how a thread ended, stamping it updated now.
     *
     * @return false when no thread has this id
     */
    boolean finishThread(String id, ThreadStatus status, String verdict, String resultJson);

    /** A page of threads, newest first (by creation, then id). */
    List<ThreadRecord> listThreads(int limit, int offset);

    Optional<ThreadRecord> findThread(String id);

    /**
     * Deletes the thread and every checkpoint of it and of its agent subgraph's thread.
     *
     * @return false when no thread row had this id (its checkpoints are deleted all the same)
     */
    boolean deleteThread(String id);

    /**
     * Deletes, with their checkpoints, the threads last updated before {@code cutoff}.
     *
     * @return how many threads were deleted
     */
    int pruneOlderThan(Instant cutoff);

    /** The checkpoint thread ids that belong to an analysis thread. */
    static List<String> checkpointThreadIds(String id) {
        return List.of(id, id + AGENT_SUBGRAPH_SUFFIX);
    }
}
