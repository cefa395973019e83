package dev.loupe.checkpoint;

import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Clock;
import java.util.Objects;
import java.util.Optional;

/**
 * Artefacts in a PostgreSQL table ({@code bytea}). A PostgreSQL store is shared by several Loupe
 * processes, often on several hosts; a folder beside a path would be seen by one host only, and
 * would be backed up and pruned apart from the threads that reference it. Artefacts are small
 * (heatmaps and images of a few MB), well within what {@code bytea} handles.
 */
final class JdbcArtifactStore implements ArtifactStore {

    private final Database database;
    private final Clock clock;

    JdbcArtifactStore(Database database, Clock clock) {
        this.database = Objects.requireNonNull(database, "database");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    @Override
    public String put(byte[] bytes, String sha256) {
        ArtifactStore.requireSha256(sha256);
        database.write(connection -> {
            try (PreparedStatement insert = connection.prepareStatement("INSERT INTO artifacts "
                    + "(sha256, size, created_at, bytes) VALUES (?, ?, ?, ?) ON CONFLICT (sha256) DO NOTHING")) {
                insert.setString(1, sha256);
                insert.setLong(2, bytes.length);
                insert.setLong(3, clock.millis());
                insert.setBytes(4, bytes);
                return insert.executeUpdate();
            }
        });
        return sha256;
    }

    @Override
    public Optional<byte[]> get(String sha256) {
        ArtifactStore.requireSha256(sha256);
        return database.read(connection -> {
            try (PreparedStatement select = connection.prepareStatement(
                    "SELECT bytes FROM artifacts WHERE sha256 = ?")) {
                select.setString(1, sha256);
                try (ResultSet row = select.executeQuery()) {
                    return row.next() ? Optional.of(row.getBytes(1)) : Optional.empty();
                }
            }
        });
    }

    @Override
    public Optional<Path> path(String sha256) {
        ArtifactStore.requireSha256(sha256);
        return Optional.empty();
    }
}
