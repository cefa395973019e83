package dev.loupe.eval.manifest;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.loupe.fuzzing.AllocationBudget;
import dev.loupe.fuzzing.ParserContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Fuzzes evaluation manifests, CSV (quotes, line breaks in fields, a byte-order mark) and JSON Lines.
 * An input starting with {@code {} is read as JSON Lines, any other as CSV. The contract: a manifest is read or refused with a one-line
 * BAD_INPUT naming the file and line.
 */
@Timeout(10)
class ManifestFuzzTest {

    private static final ParserContract MANIFESTS = ParserContract.refusesWithBadInput("Manifest", AllocationBudget.of(16, 1024));
    private static final Path FOLDER = folder();

    @FuzzTest(maxDuration = "10m")
    void any_manifest_is_read_or_refused_in_one_line(byte[] bytes) throws IOException {
        Path file = FOLDER.resolve(bytes.length > 0 && bytes[0] == '{' ? "manifest.jsonl" : "manifest.csv");
        Files.write(file, bytes);
        MANIFESTS.assertHolds(bytes.length, () -> Manifest.load(file));
    }

    @AfterAll
    static void removeFolder() throws IOException {
        try (var files = Files.list(FOLDER)) {
            for (Path file : files.toList()) {
                Files.delete(file);
            }
        }
        Files.delete(FOLDER);
    }

    private static Path folder() {
        try {
            return Files.createTempDirectory("loupe-manifest-fuzz");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
