-- One row per Loupe analysis. Times are epoch milliseconds (UTC) in both dialects.
CREATE TABLE IF NOT EXISTS threads (
    id               TEXT   NOT NULL PRIMARY KEY,
    created_at       BIGINT NOT NULL,
    updated_at       BIGINT NOT NULL,
    status           TEXT   NOT NULL CHECK (status IN ('running', 'done', 'failed', 'interrupted')),
    graph_name       TEXT,
    image_name       TEXT,
    image_sha256     TEXT,
    verdict          TEXT,
    model            TEXT,
    fingerprint_json TEXT,
    result_json      TEXT
);

-- listThreads pages newest first; the id breaks ties so pages never overlap.
CREATE INDEX IF NOT EXISTS threads_by_created ON threads (created_at DESC, id DESC);

-- pruneOlderThan finds threads by their last activity.
CREATE INDEX IF NOT EXISTS threads_by_updated ON threads (updated_at);
