package dev.loupe.checkpoint;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** The artefacts of the {@code memory} store; copies on the way in and out keep them immutable. */
final class InMemoryArtifactStore implements ArtifactStore {

    private final Map<String, byte[]> artifacts = new ConcurrentHashMap<>();

    @Override
    public String put(byte[] bytes, String sha256) {
        ArtifactStore.requireSha256(sha256);
        artifacts.computeIfAbsent(sha256, key -> bytes.clone());
        return sha256;
    }

    @Override
    public Optional<byte[]> get(String sha256) {
        ArtifactStore.requireSha256(sha256);
        return Optional.ofNullable(artifacts.get(sha256)).map(byte[]::clone);
    }

    @Override
    public Optional<Path> path(String sha256) {
        ArtifactStore.requireSha256(sha256);
        return Optional.empty();
    }
}
