package dev.loupe.checkpoint;

import org.bsc.langgraph4j.RunnableConfig;
import org.bsc.langgraph4j.checkpoint.BaseCheckpointSaver;
import org.bsc.langgraph4j.checkpoint.Checkpoint;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What every checkpoint saver Loupe uses must do, pinned on LangGraph4j's own MemorySaver: each
 * subclass runs these same tests against one implementation.
 */
abstract class CheckpointSaverContract {

    private BaseCheckpointSaver saver;
    private String threadId;

    /** A saver over an empty store, or one where the thread ids of this test are unused. */
    abstract BaseCheckpointSaver newSaver() throws Exception;

    @BeforeEach
    void openSaver() throws Exception {
        saver = newSaver();
        threadId = "thread-" + UUID.randomUUID();
    }

    private RunnableConfig thread(String id) {
        return RunnableConfig.builder().threadId(id).build();
    }

    private RunnableConfig at(String checkpointId) {
        return RunnableConfig.builder().threadId(threadId).checkPointId(checkpointId).build();
    }

    private static Checkpoint checkpoint(int step) {
        return Checkpoint.builder().nodeId("node" + step).nextNodeId("node" + (step + 1))
                .state(StateFixtures.state(step)).build();
    }

    private List<Checkpoint> putSteps(int count) throws Exception {
        List<Checkpoint> written = new java.util.ArrayList<>();
        for (int step = 1; step <= count; step++) {
            Checkpoint checkpoint = checkpoint(step);
            saver.put(thread(threadId), checkpoint);
            written.add(checkpoint);
        }
        return written;
    }

    private static void assertSameCheckpoint(Checkpoint expected, Checkpoint actual) {
        assertEquals(expected.getId(), actual.getId());
        assertEquals(expected.getNodeId(), actual.getNodeId());
        assertEquals(expected.getNextNodeId(), actual.getNextNodeId());
        assertEquals(expected.getState(), actual.getState());
    }

    private List<String> listedIds(String thread) {
        return saver.list(thread(thread)).stream().map(Checkpoint::getId).toList();
    }

    @Test
    void an_unknown_thread_lists_nothing_and_has_no_latest_checkpoint() {
        assertTrue(saver.list(thread(threadId)).isEmpty());
        assertEquals(Optional.empty(), saver.get(thread(threadId)));
    }

    @Test
    void put_adds_a_checkpoint_and_returns_the_config_pointing_at_it() throws Exception {
        Checkpoint first = checkpoint(1);

        RunnableConfig returned = saver.put(thread(threadId), first);

        assertEquals(Optional.of(first.getId()), returned.checkPointId());
        assertEquals(Optional.of(threadId), returned.threadId());
        assertSameCheckpoint(first, saver.get(returned).orElseThrow());
    }

    @Test
    void list_returns_the_checkpoints_newest_first_with_their_states() throws Exception {
        List<Checkpoint> written = putSteps(3);

        List<Checkpoint> listed = List.copyOf(saver.list(thread(threadId)));

        assertEquals(3, listed.size());
        assertSameCheckpoint(written.get(2), listed.get(0));
        assertSameCheckpoint(written.get(1), listed.get(1));
        assertSameCheckpoint(written.get(0), listed.get(2));
    }

    @Test
    void get_without_a_checkpoint_id_returns_the_latest() throws Exception {
        List<Checkpoint> written = putSteps(3);

        assertSameCheckpoint(written.get(2), saver.get(thread(threadId)).orElseThrow());
    }

    @Test
    void get_with_a_checkpoint_id_returns_that_checkpoint_and_nothing_for_an_unknown_id() throws Exception {
        List<Checkpoint> written = putSteps(3);

        assertSameCheckpoint(written.get(0), saver.get(at(written.get(0).getId())).orElseThrow());
        assertEquals(Optional.empty(), saver.get(at("no-such-checkpoint")));
    }

    @Test
    void put_with_a_checkpoint_id_replaces_that_checkpoint_in_place() throws Exception {
        List<Checkpoint> written = putSteps(3);
        RunnableConfig middle = at(written.get(1).getId());
        Checkpoint replacement = Checkpoint.builder().id(written.get(1).getId()).nodeId("edited")
                .nextNodeId("node9").state(StateFixtures.state(9)).build();

        RunnableConfig returned = saver.put(middle, replacement);

        assertEquals(middle.checkPointId(), returned.checkPointId());
        assertEquals(List.of(written.get(2).getId(), written.get(1).getId(), written.get(0).getId()),
                listedIds(threadId));
        assertSameCheckpoint(replacement, saver.get(middle).orElseThrow());
    }

    @Test
    void a_replacement_with_a_new_id_takes_the_old_ones_place() throws Exception {
        List<Checkpoint> written = putSteps(2);
        Checkpoint replacement = checkpoint(7);

        saver.put(at(written.get(0).getId()), replacement);

        assertEquals(List.of(written.get(1).getId(), replacement.getId()), listedIds(threadId));
        assertEquals(Optional.empty(), saver.get(at(written.get(0).getId())));
    }

    @Test
    void put_with_an_unknown_checkpoint_id_fails_and_changes_nothing() throws Exception {
        List<Checkpoint> written = putSteps(1);

        NoSuchElementException error = assertThrows(NoSuchElementException.class,
                () -> saver.put(at("missing"), checkpoint(2)));

        assertEquals("Checkpoint with id missing not found!", error.getMessage());
        assertEquals(List.of(written.get(0).getId()), listedIds(threadId));
    }

    @Test
    void threads_do_not_see_each_others_checkpoints() throws Exception {
        List<Checkpoint> written = putSteps(2);
        String other = threadId + "-other";
        Checkpoint elsewhere = checkpoint(5);

        saver.put(thread(other), elsewhere);

        assertEquals(List.of(elsewhere.getId()), listedIds(other));
        assertEquals(List.of(written.get(1).getId(), written.get(0).getId()), listedIds(threadId));
        assertEquals(Optional.empty(), saver.get(RunnableConfig.builder().threadId(other)
                .checkPointId(written.get(0).getId()).build()));
    }

    @Test
    void a_config_without_thread_id_uses_the_default_thread() throws Exception {
        saver.release(RunnableConfig.builder().build());
        Checkpoint checkpoint = checkpoint(1);

        saver.put(RunnableConfig.builder().build(), checkpoint);

        assertEquals(List.of(checkpoint.getId()), listedIds(BaseCheckpointSaver.THREAD_ID_DEFAULT));
        saver.release(RunnableConfig.builder().build());
    }

    @Test
    void release_returns_the_threads_checkpoints_newest_first_and_forgets_them() throws Exception {
        List<Checkpoint> written = putSteps(2);

        BaseCheckpointSaver.Tag tag = saver.release(thread(threadId));

        assertEquals(threadId, tag.threadId());
        List<Checkpoint> released = List.copyOf(tag.checkpoints());
        assertEquals(2, released.size());
        assertSameCheckpoint(written.get(1), released.get(0));
        assertSameCheckpoint(written.get(0), released.get(1));
        assertTrue(saver.list(thread(threadId)).isEmpty());
        assertEquals(Optional.empty(), saver.get(thread(threadId)));
        assertEquals(Optional.empty(), saver.get(at(written.get(0).getId())));
    }

    @Test
    void releasing_a_thread_without_checkpoints_returns_an_empty_tag() throws Exception {
        BaseCheckpointSaver.Tag tag = saver.release(thread(threadId));

        assertEquals(threadId, tag.threadId());
        assertTrue(tag.checkpoints().isEmpty());
    }

    @Test
    void a_released_thread_starts_afresh_and_cannot_replace_a_released_checkpoint() throws Exception {
        List<Checkpoint> before = putSteps(2);
        saver.release(thread(threadId));
        Checkpoint after = checkpoint(3);

        saver.put(thread(threadId), after);

        assertEquals(List.of(after.getId()), listedIds(threadId));
        assertThrows(NoSuchElementException.class, () -> saver.put(at(before.get(0).getId()), checkpoint(4)));
    }

    @Test
    void a_released_thread_accepts_again_the_id_of_a_released_checkpoint() throws Exception {
        List<Checkpoint> before = putSteps(1);
        saver.release(thread(threadId));
        Checkpoint again = Checkpoint.builder().id(before.get(0).getId()).nodeId("again").nextNodeId("end")
                .state(StateFixtures.state(2)).build();

        saver.put(thread(threadId), again);

        assertSameCheckpoint(again, saver.get(at(before.get(0).getId())).orElseThrow());
        assertEquals(List.of(before.get(0).getId()), listedIds(threadId));
    }

    @Test
    void list_returns_an_unmodifiable_snapshot_that_later_puts_do_not_change() throws Exception {
        putSteps(1);
        var listed = saver.list(thread(threadId));

        saver.put(thread(threadId), checkpoint(2));

        assertEquals(1, listed.size());
        assertThrows(UnsupportedOperationException.class, listed::clear);
    }
}
