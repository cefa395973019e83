package dev.loupe.checkpoint;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

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
     * Deletes the thread and every checkpoint of it, of its agent subgraph's thread, and of a
     * conversation's later turns ({@link #checkpointThreadIds}).
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

    /** The suffix of the checkpoint thread of a conversation's turn n after the first: {@code ID_turnN}. */
    String TURN_SUFFIX = "_turn";

    /** The checkpoint thread of turn {@code turn} of conversation {@code id}: turn 1 is the thread itself. */
    static String turnThread(String id, int turn) {
        return turn == 1 ? id : id + TURN_SUFFIX + turn;
    }

    /** The thread a checkpoint thread belongs to: {@code ID} for a conversation's {@code ID_turnN}, else the id itself. */
    static String ownerOf(String checkpointThread) {
        int at = checkpointThread.lastIndexOf(TURN_SUFFIX);
        if (at > 0 && at + TURN_SUFFIX.length() < checkpointThread.length()
                && checkpointThread.substring(at + TURN_SUFFIX.length()).chars().allMatch(Character::isDigit)) {
            return checkpointThread.substring(0, at);
        }
        return checkpointThread;
    }

    /**
     * The checkpoint thread ids that belong to a thread: its own and its agent subgraph's, and for a
     * conversation every later turn's ({@code ID_turn2}, {@code ID_turn3} … while {@code hasCheckpoints}
     * says the turn has any, as turns are numbered) with that turn's agent subgraph.
     */
    static List<String> checkpointThreadIds(String id, Predicate<String> hasCheckpoints) {
        List<String> ids = new ArrayList<>(List.of(id, id + AGENT_SUBGRAPH_SUFFIX));
        for (int turn = 2; hasCheckpoints.test(turnThread(id, turn)); turn++) {
            ids.add(turnThread(id, turn));
            ids.add(turnThread(id, turn) + AGENT_SUBGRAPH_SUFFIX);
        }
        return ids;
    }
}
