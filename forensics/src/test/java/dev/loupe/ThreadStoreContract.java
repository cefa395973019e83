package dev.loupe;

import dev.loupe.checkpoint.StoreLocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

/** The thread scenarios every checkpoint store passes; a subclass names the store and adds its own. */
public abstract class ThreadStoreContract {

    @TempDir
    protected Path dir;

    /** The store under test. */
    protected abstract StoreLocation store();

    @Test
    void a_replay_makes_no_model_call_and_reproduces_the_thread() throws Exception {
        ThreadScenarios.replayMakesNoModelCallAndReproducesTheThread(store(), dir);
    }

    @Test
    void a_fork_from_the_agent_checkpoint_runs_only_structuring() {
        ThreadScenarios.forkFromTheAgentRunsOnlyStructuring(store(), dir);
    }

    @Test
    void threads_are_listed_shown_and_deleted() {
        ThreadScenarios.threadsAreListedShownAndDeleted(store(), dir);
    }
}
