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
import dev.loupe.tool.forensic.provenance.c2pa.cose.CoseException;
import dev.loupe.tool.forensic.provenance.c2pa.cose.CoseSign1;
import dev.loupe.tool.forensic.provenance.c2pa.trust.CertificateProfile;
import dev.loupe.tool.forensic.provenance.c2pa.trust.OcspCheck;
import dev.loupe.tool.forensic.provenance.c2pa.trust.SignerChain;
import dev.loupe.tool.forensic.provenance.c2pa.trust.TimeStampCheck;
import dev.loupe.tool.forensic.provenance.c2pa.trust.TrustAnchors;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.security.GeneralSecurityException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Fuzzes the C2PA reader at three depths: whole files through the {@code provenance} tool (locating
 * APP11/caBX packets, joining them, the hard-binding hash), bare JUMBF stores grafted into a small
 * JPEG (box lengths, nesting, labels), and CBOR assertion bodies read by the claim-field readers. The
 * contract: the JUMBF parser refuses with {@link MalformedStoreException}; everything above it never
 * throws, recording what it cannot decode as an error of the store or manifest.
 *
 * <p>And the validator's parsers: COSE_Sign1 signatures (CBOR headers, x5chain, time-stamp and
 * OCSP containers) refused with {@link CoseException} and otherwise checked without throwing; DER
 * certificates refused with a {@link GeneralSecurityException} and otherwise profiled and chained;
 * RFC 3161 tokens and OCSP responses, which never escape their checks; signed files through the
 * whole validator. The seeds are real signatures, certificates and tokens from the fixtures.
 */
@Timeout(10)
class C2paFuzzTest {

    private static final ParserContract READER = ParserContract.neverThrows("C2PA reader", AllocationBudget.of(32, 256));
    private static final ParserContract JUMBF = ParserContract.neverThrows("JUMBF parser", AllocationBudget.of(16, 256))
            .orAllowing("MalformedStoreException", e -> e instanceof MalformedStoreException);
    private static final ParserContract CLAIMS = ParserContract.neverThrows("C2PA claim fields", AllocationBudget.of(16, 256));
    private static final ParserContract COSE = ParserContract.neverThrows("COSE_Sign1 decoder", AllocationBudget.of(16, 256))
            .orAllowing("CoseException", e -> e instanceof CoseException);
    private static final ParserContract DER = ParserContract.neverThrows("X.509 chain", AllocationBudget.of(16, 256))
            .orAllowing("GeneralSecurityException", e -> e instanceof GeneralSecurityException);
    private static final ParserContract CHECKS = ParserContract.neverThrows("C2PA signature checks", AllocationBudget.of(32, 256));
    private static final CBORMapper CBOR = new CBORMapper();
    private static final byte[] CLAIM = {(byte) 0xA1, 0x61, 'a', 0x01};
    /** The instant the made fixtures were validated at, so their certificates are inside validity. */
    private static final Instant AT = Instant.parse("2026-11-28T00:00:00Z");
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

    @FuzzTest(maxDuration = "10m")
    void cose_signatures_decode_or_are_refused(byte[] bytes) {
        COSE.assertHolds(bytes.length, () -> {
            CoseSign1 cose = CoseSign1.decode(bytes);
            cose.toBeSigned(CLAIM);
            cose.knownAlgorithm();
        });
        CHECKS.assertHolds(bytes.length, () -> new ClaimSignatureCheck(TrustAnchors.none(), AT)
                .check(CLAIM, bytes, "self#jumbf=/c2pa/fuzz/c2pa.signature", new ArrayList<>()));
    }

    @FuzzTest(maxDuration = "10m")
    void certificate_chains_are_checked_or_refused(byte[] der) {
        DER.assertHolds(der.length, () -> {
            SignerChain chain = SignerChain.decode(List.of(der));
            CertificateProfile.problem(chain.leaf());
            chain.outsideValidity(AT);
            chain.untrustedBecause(TrustAnchors.none().plus(chain.certificates(), "itself"), AT);
            SignerChain.name(chain.leaf());
            SignerChain.organization(chain.leaf());
        });
    }

    @FuzzTest(maxDuration = "10m")
    void time_stamps_and_ocsp_responses_never_escape_their_checks(byte[] der) {
        CHECKS.assertHolds(der.length, () -> {
            TimeStampCheck.check(der, CLAIM);
            OcspCheck.check(List.of(der), signerChain(), AT);
        });
    }

    @FuzzTest(maxDuration = "10m")
    void signed_files_never_escape_the_validator(byte[] file) {
        READER.assertHolds(file.length, () -> new C2paValidator(TrustAnchors.none(), AT).validate(file));
    }

    /** The made fixtures' signer and intermediate, so OCSP responses have an issuer to be checked against. */
    private static SignerChain signerChain() throws GeneralSecurityException, IOException {
        String seeds = "/dev/loupe/tool/forensic/provenance/c2pa/C2paFuzzTestInputs/certificate_chains_are_checked_or_refused/";
        try (var leaf = C2paFuzzTest.class.getResourceAsStream(seeds + "test-signer.der");
             var issuer = C2paFuzzTest.class.getResourceAsStream(seeds + "test-intermediate.der")) {
            return SignerChain.decode(List.of(leaf.readAllBytes(), issuer.readAllBytes()));
        }
    }
}
