package dev.loupe.checkpoint;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ArtifactStoreTest {

    private static final byte[] ABC = "abc".getBytes(StandardCharsets.US_ASCII);
    private static final String ABC_SHA256 = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

    @TempDir
    Path folder;

    private static List<Path> filesUnder(Path root) throws Exception {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(Files::isRegularFile).sorted().toList();
        }
    }

    @Test
    void bytes_are_stored_once_under_their_sha256_in_a_two_level_folder() throws Exception {
        StoreLocation.Sqlite location = new StoreLocation.Sqlite(folder.resolve("loupe.db"));
        try (LoupeStore store = LoupeStore.open(location, StateFixtures.serializer())) {
            ArtifactStore artifacts = store.artifacts();

            assertEquals(ABC_SHA256, artifacts.put(ABC));
            assertEquals(ABC_SHA256, artifacts.put(ABC.clone()));

            Path expected = folder.resolve("loupe.db.artifacts").resolve("ba").resolve(ABC_SHA256.substring(2));
            assertEquals(Optional.of(expected), artifacts.path(ABC_SHA256));
            assertArrayEquals(ABC, artifacts.get(ABC_SHA256).orElseThrow());
            assertEquals(List.of(expected), filesUnder(location.artifactFolder()));
        }
    }

    @Test
    void bytes_put_with_their_known_hash_are_stored_under_it_and_a_malformed_hash_is_refused() {
        ArtifactStore artifacts = new FileArtifactStore(folder);

        assertEquals(ABC_SHA256, artifacts.put(ABC, ABC_SHA256));

        assertArrayEquals(ABC, artifacts.get(ABC_SHA256).orElseThrow());
        assertThrows(IllegalArgumentException.class, () -> artifacts.put(ABC, "../../etc/passwd"));
        assertThrows(IllegalArgumentException.class, () -> new InMemoryArtifactStore().put(ABC, "ABC"));
    }

    @Test
    void an_unknown_hash_has_no_bytes_and_no_path() {
        FileArtifactStore artifacts = new FileArtifactStore(folder);
        String unknown = "0".repeat(64);

        assertEquals(Optional.empty(), artifacts.get(unknown));
        assertEquals(Optional.empty(), artifacts.path(unknown));
    }

    @Test
    void a_hash_that_is_not_64_lower_case_hex_digits_is_rejected_before_touching_a_file() {
        FileArtifactStore artifacts = new FileArtifactStore(folder);

        assertThrows(IllegalArgumentException.class, () -> artifacts.get("../../etc/passwd"));
        assertThrows(IllegalArgumentException.class, () -> artifacts.path(ABC_SHA256.toUpperCase()));
        assertThrows(IllegalArgumentException.class, () -> artifacts.get(ABC_SHA256 + "0"));
    }

    @Test
    void eight_threads_storing_the_same_bytes_leave_one_whole_file_and_no_temporary_ones() throws Exception {
        FileArtifactStore artifacts = new FileArtifactStore(folder);
        byte[] image = new byte[300_000];
        for (int i = 0; i < image.length; i++) {
            image[i] = (byte) (i * 31);
        }
        ExecutorService pool = Executors.newFixedThreadPool(8);
        List<String> hashes = new ArrayList<>();
        try {
            List<Future<String>> puts = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                puts.add(pool.submit(() -> artifacts.put(image)));
            }
            for (Future<String> put : puts) {
                hashes.add(put.get(60, TimeUnit.SECONDS));
            }
        } finally {
            pool.shutdownNow();
        }

        String sha = ArtifactStore.sha256(image);
        assertEquals(List.of(sha, sha, sha, sha, sha, sha, sha, sha), hashes);
        assertEquals(List.of(artifacts.path(sha).orElseThrow()), filesUnder(folder));
        assertArrayEquals(image, artifacts.get(sha).orElseThrow());
    }

    @Test
    void the_memory_store_keeps_bytes_that_later_changes_to_the_array_do_not_reach() {
        try (LoupeStore store = LoupeStore.open(new StoreLocation.Memory(), StateFixtures.serializer())) {
            byte[] bytes = ABC.clone();

            String sha = store.artifacts().put(bytes);
            bytes[0] = 'x';

            assertEquals(ABC_SHA256, sha);
            assertArrayEquals(ABC, store.artifacts().get(sha).orElseThrow());
            assertEquals(Optional.empty(), store.artifacts().path(sha));
        }
    }
}
