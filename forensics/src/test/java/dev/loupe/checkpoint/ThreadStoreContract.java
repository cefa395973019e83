package dev.loupe.checkpoint;

import org.bsc.langgraph4j.RunnableConfig;
import org.bsc.langgraph4j.checkpoint.Checkpoint;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What every threads table must do; each subclass runs it on one kind of store. */
abstract class ThreadStoreContract {

    static final Instant START = Instant.parse("2026-11-01T10:00:00.123Z");

    private final MutableClock clock = new MutableClock(START);
    private LoupeStore store;
    private ThreadStore threads;

    /** A location whose database is empty. */
    abstract StoreLocation emptyLocation() throws Exception;

    @BeforeEach
    void openStore() throws Exception {
        store = LoupeStore.open(emptyLocation(), StateFixtures.serializer(), clock);
        threads = store.threads();
    }

    @AfterEach
    void closeStore() {
        store.close();
    }

    private static ThreadRecord started(String id, Instant at) {
        return ThreadRecord.started(id, at, "forensic", "photo.jpg",
                "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08", "offline",
                "{\"graph\":\"forensic.yaml\"}");
    }

    private void checkpoint(String threadId) throws Exception {
        store.saver().put(RunnableConfig.builder().threadId(threadId).build(),
                Checkpoint.builder().nodeId("vision").nextNodeId("agent").state(StateFixtures.state(1)).build());
    }

    private List<String> listedIds(int limit, int offset) {
        return threads.listThreads(limit, offset).stream().map(ThreadRecord::id).toList();
    }

    @Test
    void a_created_thread_is_found_exactly_as_written() {
        ThreadRecord thread = started("t1", START);

        threads.createThread(thread);

        assertEquals(Optional.of(thread), threads.findThread("t1"));
        assertEquals(Optional.empty(), threads.findThread("t2"));
    }

    @Test
    void creating_a_thread_whose_id_exists_is_refused_and_changes_nothing() {
        ThreadRecord first = started("t1", START);
        threads.createThread(first);
        ThreadRecord other = new ThreadRecord("t1", START.plusSeconds(60), START.plusSeconds(90),
                ThreadStatus.RUNNING, "critique", "other.png", "0".repeat(64), null, "gpt", null, null);

        boolean created = threads.createThread(other);

        assertFalse(created);
        assertEquals(Optional.of(first), threads.findThread("t1"));
    }

    @Test
    void finishing_a_thread_records_status_verdict_result_and_the_time() {
        threads.createThread(started("t1", START));
        clock.advance(Duration.ofSeconds(42));

        boolean finished = threads.finishThread("t1", ThreadStatus.DONE, "fake", "{\"verdict\":\"fake\"}");

        assertTrue(finished);
        assertEquals(Optional.of(started("t1", START).finished(ThreadStatus.DONE, "fake",
                "{\"verdict\":\"fake\"}", START.plusSeconds(42))), threads.findThread("t1"));
    }

    @Test
    void finishing_an_unknown_thread_reports_it_and_creates_nothing() {
        assertFalse(threads.finishThread("ghost", ThreadStatus.FAILED, null, null));
        assertEquals(Optional.empty(), threads.findThread("ghost"));
    }

    @Test
    void threads_are_listed_newest_first_in_pages() {
        for (int i = 0; i < 5; i++) {
            threads.createThread(started("t" + i, START.plusSeconds(i)));
        }

        assertEquals(List.of("t4", "t3"), listedIds(2, 0));
        assertEquals(List.of("t2", "t1"), listedIds(2, 2));
        assertEquals(List.of("t0"), listedIds(2, 4));
        assertEquals(List.of(), listedIds(2, 6));
    }

    @Test
    void threads_created_in_the_same_millisecond_are_ordered_by_id_descending() {
        threads.createThread(started("a", START));
        threads.createThread(started("c", START));
        threads.createThread(started("b", START));

        assertEquals(List.of("c", "b", "a"), listedIds(10, 0));
    }

    @Test
    void a_negative_page_is_rejected() {
        assertThrows(IllegalArgumentException.class, () -> threads.listThreads(-1, 0));
        assertThrows(IllegalArgumentException.class, () -> threads.listThreads(10, -5));
    }

    @Test
    void deleting_a_thread_deletes_its_checkpoints_and_its_agent_subgraphs_but_no_others() throws Exception {
        threads.createThread(started("t1", START));
        threads.createThread(started("t2", START));
        checkpoint("t1");
        checkpoint("t1_subgraph_agent");
        checkpoint("t2");

        assertTrue(threads.deleteThread("t1"));

        assertEquals(Optional.empty(), threads.findThread("t1"));
        assertTrue(store.saver().list(RunnableConfig.builder().threadId("t1").build()).isEmpty());
        assertTrue(store.saver().list(RunnableConfig.builder().threadId("t1_subgraph_agent").build()).isEmpty());
        assertEquals(1, store.saver().list(RunnableConfig.builder().threadId("t2").build()).size());
        assertTrue(threads.findThread("t2").isPresent());
        assertFalse(threads.deleteThread("t1"));
    }

    @Test
    void pruning_deletes_the_threads_last_updated_before_the_cutoff_with_their_checkpoints() throws Exception {
        threads.createThread(started("old", START));
        threads.createThread(started("revived", START));
        threads.createThread(started("new", START.plusSeconds(3600)));
        checkpoint("old");
        checkpoint("old_subgraph_agent");
        checkpoint("new");
        clock.advance(Duration.ofHours(2));
        threads.finishThread("revived", ThreadStatus.DONE, "real", "{}");

        int pruned = threads.pruneOlderThan(START.plusSeconds(60));

        assertEquals(1, pruned);
        assertEquals(List.of("new", "revived"), listedIds(10, 0));
        assertTrue(store.saver().list(RunnableConfig.builder().threadId("old").build()).isEmpty());
        assertTrue(store.saver().list(RunnableConfig.builder().threadId("old_subgraph_agent").build()).isEmpty());
        assertEquals(1, store.saver().list(RunnableConfig.builder().threadId("new").build()).size());
    }
}
