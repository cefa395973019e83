package dev.loupe.image.jpeg;

import dev.loupe.testing.AllCoresTaken;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BlockRelayTest {

    private static final Path CAMERA = Path.of("evaluation/samples/camera-original.jpg");

    @Test
    void a_relayed_decode_hands_its_target_the_same_blocks_in_the_same_order() throws IOException {
        byte[] bytes = Files.readAllBytes(CAMERA);
        JpegStructure structure = JpegStructureParser.parse(bytes);
        Recorder direct = new Recorder();
        Recorder relayed = new Recorder();

        CoefficientDecoder.decode(bytes, structure, direct);
        BlockRelay relay = BlockRelay.start(relayed);
        assertNotNull(relay, "no other work holds a core");
        try (relay) {
            CoefficientDecoder.decode(bytes, structure, relay);
            relay.finish();
        }

        assertTrue(direct.blocks.size() > 3 * BlockRelay.BATCH, "several batches: " + direct.blocks.size());
        assertEquals(direct.blocks, relayed.blocks);
        assertEquals(1, relayed.threads.size(), "one thread sees every block");
    }

    @Test
    void an_interrupt_of_the_decoding_thread_does_not_cut_the_relayed_decode_short() throws IOException {
        byte[] bytes = Files.readAllBytes(CAMERA);
        JpegStructure structure = JpegStructureParser.parse(bytes);
        Recorder direct = new Recorder();
        Recorder relayed = new Recorder();
        CoefficientDecoder.decode(bytes, structure, direct);

        BlockRelay relay = BlockRelay.start(relayed);
        assertNotNull(relay);
        try (relay) {
            Thread.currentThread().interrupt();
            CoefficientDecoder.decode(bytes, structure, relay);
            relay.finish();
            assertTrue(Thread.interrupted(), "the interrupt is kept for the caller");
        }

        assertEquals(direct.blocks, relayed.blocks);
    }

    @Test
    void no_relay_starts_while_every_core_is_taken() throws Exception {
        try (AllCoresTaken taken = new AllCoresTaken()) {
            assertNull(BlockRelay.start(new Recorder()));
        }
    }

    @Test
    void what_the_target_throws_reaches_the_decoding_thread_when_it_finishes() throws IOException {
        byte[] bytes = Files.readAllBytes(CAMERA);
        IllegalStateException thrown = new IllegalStateException("the target failed");
        BlockRelay relay = BlockRelay.start((component, row, col, zigzag) -> {
            throw thrown;
        });
        assertNotNull(relay);

        try (relay) {
            CoefficientDecoder.decode(bytes, JpegStructureParser.parse(bytes), relay);
            assertSame(thrown, assertThrows(IllegalStateException.class, relay::finish));
        }
    }

    /** Each block as one line: where it is, where its zero tail starts, and all 64 coefficients. */
    private static final class Recorder implements BoundedBlockVisitor {
        final List<String> blocks = new ArrayList<>();
        final java.util.Set<Thread> threads = new java.util.HashSet<>();

        @Override
        public void block(int component, int row, int col, int[] zigzag, int end) {
            threads.add(Thread.currentThread());
            blocks.add(component + " " + row + " " + col + " " + end + " " + Arrays.toString(zigzag));
        }
    }
}
