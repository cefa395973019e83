package dev.loupe.tool.forensic;

import dev.loupe.testing.TestImages;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.ToolStatus;
import dev.loupe.tool.forensic.metadata.MetadataTool;
import dev.loupe.tool.forensic.provenance.ProvenanceTool;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.InputStream;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Hostile input: real files with bytes flipped in their metadata and manifest region (a fixed seed,
 * so every run sees the same files; -Dloupe.fuzz.rounds=N for a longer run) must give an ok result, never an exception.
 */
class MetadataToolsOnMutatedFilesTest {

    @ParameterizedTest
    @ValueSource(strings = {"/c2pa/CA.jpg", "/c2pa/prerelease.jpg", "/data/images/jpg/7/_DSC6099.jpg"})
    void files_with_flipped_header_bytes_still_give_ok_results(String resource) throws IOException {
        byte[] original;
        try (InputStream in = getClass().getResourceAsStream(resource)) {
            original = in.readAllBytes();
        }
        Random random = new Random(20261122L);
        int header = Math.min(original.length, 130_000); // the metadata and the C2PA store live up front
        int rounds = Integer.getInteger("loupe.fuzz.rounds", 40);
        for (int round = 0; round < rounds; round++) {
            byte[] mutated = original.clone();
            for (int flips = 1 + random.nextInt(8); flips > 0; flips--) {
                mutated[2 + random.nextInt(header - 2)] = (byte) random.nextInt(256);
            }
            var image = TestImages.bytes("mutated.jpg", mutated);
            ToolResult metadata = new MetadataTool().run(ToolContext.of(image), null);
            ToolResult provenance = new ProvenanceTool().run(ToolContext.of(image), null);

            assertEquals(ToolStatus.OK, metadata.status(), "round " + round);
            assertEquals(ToolStatus.OK, provenance.status(), "round " + round);
        }
    }
}
