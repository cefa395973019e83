package dev.loupe.tool.forensic.provenance.c2pa;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.cbor.databind.CBORMapper;
import dev.loupe.fuzzing.AllocationBudget;
import dev.loupe.fuzzing.FuzzImages;
import dev.loupe.fuzzing.ParserContract;
import dev.loupe.testing.MarkedImages;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.forensic.provenance.ProvenanceTool;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Fuzzes the C2PA reader at three depths: whole files through the {@code provenance} tool (locating
 * APP11/caBX packets, joining them, the hard-binding hash), bare JUMBF stores grafted into a small
 * JPEG (box lengths, nesting, labels), and CBOR assertion bodies read by the claim-field readers. The
 * contract: the JUMBF parser refuses with {@link MalformedStoreException}; everything above it never
 * throws, recording what it cannot decode as an error of the store or manifest.
 */
@Timeout(10)
class C2paFuzzTest {

    private static final ParserContract READER = ParserContract.neverThrows("C2PA reader", AllocationBudget.of(32, 256));
    private static final ParserContract JUMBF = ParserContract.neverThrows("JUMBF parser", AllocationBudget.of(16, 256))
            .orAllowing("MalformedStoreException", e -> e instanceof MalformedStoreException);
    private static final ParserContract CLAIMS = ParserContract.neverThrows("C2PA claim fields", AllocationBudget.of(16, 256));
    private static final CBORMapper CBOR = new CBORMapper();
    private static final byte[] HOST = MarkedImages.jpeg(16, 16);
    /** An APP11 segment holds at most this much of a store after its JPEG-XT packet header. */
    private static final int MAX_PACKET = 65_535 - 2 - 8;

    @FuzzTest(maxDuration = "10m")
    void files_never_escape_the_provenance_tool(byte[] bytes) {
        READER.assertHolds(bytes.length, () -> new ProvenanceTool().run(ToolContext.of(FuzzImages.unchecked(bytes)), null));
    }

    @FuzzTest(maxDuration = "10m")
    void jumbf_stores_parse_or_are_refused(byte[] store) {
        JUMBF.assertHolds(store.length, () -> JumbfParser.parse(store));
        if (store.length <= MAX_PACKET) {
            byte[] file = MarkedImages.withJpegSegment(HOST, 0xEB,
                    MarkedImages.concat(new byte[] {'J', 'P', 0x02, 0x11, 0, 0, 0, 1}, store));
            READER.assertHolds(store.length, () -> C2paReader.read(file).flatMap(C2paStore::active)
                    .flatMap(C2paManifest::hashBinding).ifPresent(binding -> HardBindingCheck.check(file, binding)));
        }
    }

    @FuzzTest(maxDuration = "10m")
    void cbor_assertions_never_escape_the_claim_readers(byte[] cbor) {
        JsonNode node;
        try {
            node = CBOR.readTree(cbor);
        } catch (IOException | RuntimeException e) {
            return; // Jackson's refusal; C2paReader records it as the assertion's error
        }
        if (node == null) {
            return;
        }
        CLAIMS.assertHolds(cbor.length, () -> {
            List<String> errors = new ArrayList<>();
            ClaimFields.claimGenerator(node);
            ClaimFields.text(node, "dc:title");
            ClaimFields.actions(node);
            ClaimFields.ingredient(node);
            ClaimFields.hashBinding(node, errors);
        });
    }
}
