-- Content-addressed artefacts, kept in the database so every Loupe host sharing it sees them.
CREATE TABLE IF NOT EXISTS artifacts (
    sha256     TEXT   NOT NULL PRIMARY KEY,
    size       BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    bytes      BYTEA  NOT NULL
);
