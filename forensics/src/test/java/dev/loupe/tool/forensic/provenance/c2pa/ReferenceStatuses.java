package dev.loupe.tool.forensic.provenance.c2pa;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.tool.forensic.provenance.c2pa.trust.TrustAnchors;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * What the reference implementation (c2pa-rs 0.92 as {@code @contentauth/c2pa-wasm} 0.15.0) said
 * about each fixture, as {@code evaluation/c2pa-fixtures/make.sh} recorded it in
 * {@code made/reference.json} (fixtures it built, trusting the test root) and
 * {@code made/reference-c2pa-rs.json} (c2pa-rs's own fixtures, no trust anchor).
 */
final class ReferenceStatuses {

    static final String MADE = "/dev/loupe/tool/forensic/provenance/c2pa/made/";
    /**
     * The codes compared both ways. Left out: {@code timeStamp.trusted}/{@code timeStamp.untrusted},
     * because the reference carries its own list of time-stamping authorities and Loupe judges
     * authorities by the examiner's anchors; {@code signingCredential.ocsp.skipped}, which both
     * report whenever no response is embedded.
     */
    static final Set<String> COMPARED = Set.of("claimSignature.validated", "claimSignature.mismatch", "claimSignature.insideValidity",
            "signingCredential.trusted", "signingCredential.untrusted", "signingCredential.expired", "signingCredential.invalid",
            "signingCredential.revoked", "assertion.dataHash.match", "assertion.dataHash.mismatch", "assertion.hashedURI.match",
            "assertion.hashedURI.mismatch", "assertion.missing", "timeStamp.validated", "timeStamp.mismatch", "algorithm.unsupported");

    private static final ObjectMapper JSON = new ObjectMapper();

    private final JsonNode root;

    private ReferenceStatuses(JsonNode root) {
        this.root = root;
    }

    static ReferenceStatuses made() {
        return new ReferenceStatuses(json(MADE + "reference.json"));
    }

    static ReferenceStatuses c2paRs() {
        return new ReferenceStatuses(json(MADE + "reference-c2pa-rs.json"));
    }

    /** Results as {@code reference.mjs} prints them, one JSON object per line with its {@code file}. */
    static ReferenceStatuses ofLines(List<String> lines, Instant validatedAt) throws IOException {
        var root = JSON.createObjectNode().put("validated_at", validatedAt.toString());
        var results = root.putObject("results");
        for (String line : lines) {
            var result = (com.fasterxml.jackson.databind.node.ObjectNode) JSON.readTree(line);
            String file = result.remove("file").asText();
            results.set(file.substring(file.lastIndexOf('/') + 1), result);
        }
        return new ReferenceStatuses(root);
    }

    List<String> fixtures() {
        return iterable(root.get("results").fieldNames());
    }

    Instant validatedAt() {
        return Instant.parse(root.get("validated_at").asText());
    }

    JsonNode result(String fixture) {
        return root.get("results").get(fixture);
    }

    /** The reference's state ({@code Trusted}, {@code Valid}, {@code Invalid}) or its refusal ({@code error: …}). */
    String state(String fixture) {
        JsonNode r = result(fixture);
        return r.has("error") ? "error: " + r.get("error").asText().replaceFirst("^C2pa\\((\\w+).*$", "$1") : r.get("state").asText();
    }

    /** The compared codes the reference reported (success, informational and failure alike). */
    Set<String> codes(String fixture) {
        Set<String> codes = new TreeSet<>();
        JsonNode r = result(fixture);
        for (String kind : List.of("success", "informational", "failure")) {
            r.path(kind).forEach(c -> {
                if (COMPARED.contains(c.asText())) {
                    codes.add(c.asText());
                }
            });
        }
        return codes;
    }

    static TrustAnchors testRoot() {
        try (InputStream in = ReferenceStatuses.class.getResourceAsStream(MADE + "test-root.pem")) {
            return TrustAnchors.ofPem(new String(in.readAllBytes(), StandardCharsets.US_ASCII), "test-root.pem");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static byte[] bytes(String resource) {
        try (InputStream in = ReferenceStatuses.class.getResourceAsStream(resource)) {
            return in.readAllBytes();
        } catch (IOException | NullPointerException e) {
            throw new IllegalStateException("test resource " + resource + " is missing", e);
        }
    }

    private static JsonNode json(String resource) {
        try {
            return JSON.readTree(bytes(resource));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static <T> List<T> iterable(java.util.Iterator<T> it) {
        List<T> list = new java.util.ArrayList<>();
        it.forEachRemaining(list::add);
        return list;
    }
}
