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

    private final byte[] bytes = Files.readAllBytes(CAMERA);
    private final JpegStructure structure = JpegStructureParser.parse(bytes);

    BlockRelayTest() throws IOException {
    }

    @Test
    void a_relayed_decode_hands_its_target_the_same_blocks_in_the_same_order() throws IOException {
        Recorder direct = new Recorder();
        CoefficientDecoder.decode(bytes, structure, direct);

        Recorder relayed = relayedDecode(false);

        assertTrue(direct.blocks.size() > 3 * BlockRelay.BATCH, "several batches: " + direct.blocks.size());
        assertEquals(direct.blocks, relayed.blocks);
        assertEquals(1, relayed.threads.size(), "one thread sees every block");
    }

    @Test
    void an_interrupt_of_the_decoding_thread_does_not_cut_the_relayed_decode_short() throws IOException {
        Recorder direct = new Recorder();
        CoefficientDecoder.decode(bytes, structure, direct);

        Recorder relayed = relayedDecode(true);

        assertEquals(direct.blocks, relayed.blocks);
    }

    /** The blocks a decode relayed to another thread hands its target; {@code interrupted}: the decoding thread is interrupted first. */
    private Recorder relayedDecode(boolean interrupted) throws IOException {
        Recorder relayed = new Recorder();
        BlockRelay relay = BlockRelay.start(relayed);
        assertNotNull(relay, "no other work holds a core");
        try (relay) {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            CoefficientDecoder.decode(bytes, structure, relay);
            relay.finish();
            if (interrupted) {
                assertTrue(Thread.interrupted(), "the interrupt is kept for the caller");
            }
        }
        return relayed;
    }

    @Test
    void no_relay_starts_while_every_core_is_taken() throws Exception {
        try (AllCoresTaken taken = new AllCoresTaken()) {
            assertNull(BlockRelay.start(new Recorder()));
        }
    }

    @Test
    void what_the_target_throws_reaches_the_decoding_thread_when_it_finishes() throws IOException {
        IllegalStateException thrown = new IllegalStateException("the target failed");
        BlockRelay relay = BlockRelay.start((component, row, col, zigzag) -> {
            throw thrown;
        });
        assertNotNull(relay);

        try (relay) {
            CoefficientDecoder.decode(bytes, structure, relay);
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
