-- One row per LangGraph4j checkpoint. seq orders a thread's checkpoints (newest = highest);
-- released_at is set when LangGraph4j releases the thread: the rows are kept but no longer listed.
CREATE TABLE IF NOT EXISTS checkpoints (
    thread_id     TEXT   NOT NULL,
    seq           BIGINT NOT NULL,
    checkpoint_id TEXT   NOT NULL,
    node_id       TEXT   NOT NULL,
    next_node_id  TEXT   NOT NULL,
    created_at    BIGINT NOT NULL,
    released_at   BIGINT,
    state_json    TEXT   NOT NULL,
    PRIMARY KEY (thread_id, seq)
);

-- A live checkpoint id is unique in its thread; released rows may repeat one, as after a release
-- LangGraph4j's MemorySaver starts the thread afresh.
CREATE UNIQUE INDEX IF NOT EXISTS checkpoints_live_id ON checkpoints (thread_id, checkpoint_id)
    WHERE released_at IS NULL;
