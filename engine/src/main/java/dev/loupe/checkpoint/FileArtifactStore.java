package dev.loupe.checkpoint;

import dev.loupe.core.LoupeException;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Objects;
import java.util.Optional;

/**
 * Artefacts as files {@code <folder>/ab/cdef…} (the first two hex digits name a subfolder, so no
 * folder grows past a few thousand entries). A file appears whole or not at all: bytes go to a
 * temporary file in the same folder, which is then renamed atomically into place. A file, once
 * written, is never rewritten, so readers need no lock.
 */
final class FileArtifactStore implements ArtifactStore {

    private final Path folder;

    FileArtifactStore(Path folder) {
        this.folder = Objects.requireNonNull(folder, "folder").toAbsolutePath().normalize();
    }

    @Override
    public String put(byte[] bytes, String sha256) {
        ArtifactStore.requireSha256(sha256);
        Path target = fileOf(sha256);
        if (Files.isRegularFile(target)) {
            return sha256;
        }
        Path temporary = null;
        try {
            Files.createDirectories(target.getParent());
            temporary = Files.createTempFile(target.getParent(), ".incoming-", ".tmp");
            Files.write(temporary, bytes);
            try {
                Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileAlreadyExistsException | AccessDeniedException raced) {
                // Another writer stored the same bytes first (Windows refuses to replace); both hold them.
                if (!Files.isRegularFile(target)) {
                    throw raced;
                }
            }
            return sha256;
        } catch (IOException e) {
            throw LoupeException.unavailable("Cannot store artefact " + sha256 + " under " + folder, e);
        } finally {
            deleteQuietly(temporary);
        }
    }

    @Override
    public Optional<byte[]> get(String sha256) {
        Path file = fileOf(sha256);
        try {
            return Optional.of(Files.readAllBytes(file));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw LoupeException.unavailable("Cannot read artefact " + file, e);
        }
    }

    @Override
    public Optional<Path> path(String sha256) {
        Path file = fileOf(sha256);
        return Files.isRegularFile(file) ? Optional.of(file) : Optional.empty();
    }

    private Path fileOf(String sha256) {
        ArtifactStore.requireSha256(sha256);
        return folder.resolve(sha256.substring(0, 2)).resolve(sha256.substring(2));
    }

    private static void deleteQuietly(Path temporary) {
        if (temporary == null) {
            return;
        }
        try {
            Files.deleteIfExists(temporary);
        } catch (IOException ignored) {
            // A stray temporary file is harmless: its name never matches a hash.
        }
    }

    @Override
    public String toString() {
        return "FileArtifactStore[" + folder + "]";
    }
}
