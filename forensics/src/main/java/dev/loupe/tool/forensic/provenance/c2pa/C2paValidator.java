package dev.loupe.tool.forensic.provenance.c2pa;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.cbor.databind.CBORMapper;
import dev.loupe.tool.forensic.provenance.c2pa.trust.TrustAnchors;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

import static dev.loupe.tool.forensic.provenance.c2pa.ValidationStatus.*;

/**
 * Validates the C2PA store embedded in a file as the specification's validation section orders
 * it, for every manifest: the claim is there and decodes, its signature verifies and its signer
 * is checked ({@link ClaimSignatureCheck}), every assertion the claim lists is there with the hash
 * the claim signed; for the active manifest also the hard binding against the file's bytes; and
 * each ingredient that carries a manifest is linked to it. The reader's records hold decoded
 * fields only; this walks the exact bytes, which the hashes and the signature cover.
 */
public final class C2paValidator {

    private static final CBORMapper CBOR = new CBORMapper();
    private static final String SELF = "self#jumbf=";
    private static final int MAX_REFERENCES = 1_000;
    /**
     * Manifests validated per store, the active one and those before it: each costs a signature and
     * a path validation, and real stores hold a handful. Earlier ones are listed without checks.
     */
    private static final int MAX_MANIFESTS = 64;

    private final ClaimSignatureCheck signatures;
    private final List<String> trustSource;

    public C2paValidator(TrustAnchors anchors, Instant now) {
        this.signatures = new ClaimSignatureCheck(anchors, now);
        this.trustSource = anchors.sources();
    }

    /** The validation of the file's embedded store, or empty when it embeds none or no manifest parses. */
    public Optional<C2paValidation> validate(byte[] file) {
        // a store that does not parse has no manifest to validate; the reader reports why
        List<JumbfBox> top = EmbeddedStore.of(file).filter(s -> s.malformed() == null).map(EmbeddedStore::boxes).orElse(List.of());
        Optional<JumbfBox> store = top.stream().filter(b -> b.isSuperbox() && "c2pa".equals(b.label())).findFirst();
        List<JumbfBox> manifests = store.map(s -> s.children().stream()
                .filter(m -> m.isSuperbox() && m.label() != null && m.child("c2pa.claim").isPresent()).toList()).orElse(List.of());
        if (manifests.isEmpty()) {
            return Optional.empty();
        }
        List<ManifestValidation> results = new ArrayList<>();
        List<IngredientLink> links = new ArrayList<>();
        for (int i = Math.max(0, manifests.size() - MAX_MANIFESTS); i < manifests.size(); i++) {
            boolean active = i == manifests.size() - 1;
            results.add(manifest(store.get(), manifests.get(i), active, active ? file : null, links));
        }
        return Optional.of(new C2paValidation(results, links, trustSource));
    }

    private ManifestValidation manifest(JumbfBox store, JumbfBox manifest, boolean active, byte[] file, List<IngredientLink> links) {
        String base = SELF + "/c2pa/" + manifest.label();
        List<ValidationStatus> statuses = new ArrayList<>();
        JumbfBox claimBox = manifest.child("c2pa.claim").orElseThrow();
        Optional<byte[]> claimBytes = claimBox.contentOf("cbor");
        Optional<JsonNode> claim = claimBytes.flatMap(C2paValidator::cbor).filter(JsonNode::isObject);
        if (claim.isEmpty()) {
            statuses.add(new ValidationStatus(claimBytes.isEmpty() ? CLAIM_MISSING : CLAIM_MALFORMED, base + "/" + claimBox.label(),
                    "the claim's CBOR is " + (claimBytes.isEmpty() ? "missing" : "malformed")));
            return new ManifestValidation(manifest.label(), active, statuses, Optional.empty());
        }
        String signatureUrl = base + "/c2pa.signature";
        Optional<byte[]> cose = manifest.child("c2pa.signature").flatMap(s -> s.contentOf("cbor"));
        Optional<SignerInfo> signer = Optional.empty();
        if (cose.isEmpty()) {
            statuses.add(new ValidationStatus(CLAIM_SIGNATURE_MISSING, signatureUrl, "the manifest has no claim signature"));
        } else {
            signer = signatures.check(claimBytes.get(), cose.get(), signatureUrl, statuses);
        }
        String defaultAlg = Optional.ofNullable(ClaimFields.text(claim.get(), "alg")).orElse("sha256");
        JsonNode dataHash = null;
        Set<String> seen = new HashSet<>();
        for (JsonNode reference : references(claim.get())) {
            String url = ClaimFields.text(reference, "url");
            if (!seen.add(url + " " + ClaimFields.text(reference, "alg"))) {
                continue; // each box is hashed once: a claim that lists one box a thousand times costs one hash
            }
            Optional<JumbfBox> box = url == null ? Optional.empty() : resolve(store, manifest, url);
            String absolute = box.map(b -> base + "/c2pa.assertions/" + b.label()).orElse(url);
            if (box.isEmpty()) {
                statuses.add(new ValidationStatus(ASSERTION_MISSING, absolute, "the claim lists " + url + ", which the manifest does not hold"));
                continue;
            }
            String alg = Optional.ofNullable(ClaimFields.text(reference, "alg")).orElse(defaultAlg);
            byte[] signed = binary(reference.get("hash"));
            boolean match = hashOf(box.get().payloadView(), alg).map(h -> MessageDigest.isEqual(h, signed)).orElse(false);
            if (!match && prerelease(box.get(), alg, signed)) {
                return new ManifestValidation(manifest.label(), active, List.of(new ValidationStatus(PRERELEASE, absolute,
                        "a manifest from before C2PA 1.0 (its assertion hashes cover the data alone): not validated")), signer);
            }
            statuses.add(new ValidationStatus(match ? HASHED_URI_MATCH : HASHED_URI_MISMATCH, absolute,
                    (match ? "hashed URI matches: " : "the assertion's " + alg + " hash is not the one the claim signed: ") + url));
            String label = JumbfBox.baseLabel(box.get().label());
            if (match && label.equals("c2pa.hash.data") && dataHash == null) {
                dataHash = box.get().contentOf("cbor").flatMap(C2paValidator::cbor).orElse(null);
            }
            if (match && label.equals("c2pa.ingredient")) {
                box.get().contentOf("cbor").flatMap(C2paValidator::cbor).ifPresent(i -> links.add(link(manifest, i)));
            }
        }
        if (file != null) {
            hardBinding(dataHash, base, file, statuses);
        }
        return new ManifestValidation(manifest.label(), active, statuses, signer);
    }

    /** The active manifest's c2pa.hash.data against the file's bytes, minus the exclusions. */
    private static void hardBinding(JsonNode dataHash, String base, byte[] file, List<ValidationStatus> statuses) {
        String url = base + "/c2pa.assertions/c2pa.hash.data";
        if (dataHash == null) {
            statuses.add(new ValidationStatus(HARD_BINDINGS_MISSING, base, "the claim binds no c2pa.hash.data to the file "
                    + "(a c2pa.hash.boxes binding is not checked by Loupe)"));
            return;
        }
        List<String> errors = new ArrayList<>();
        HashBinding binding = ClaimFields.hashBinding(dataHash, errors);
        if (binding == null) {
            statuses.add(new ValidationStatus(DATA_HASH_MALFORMED, url, String.join("; ", errors)));
            return;
        }
        HardBindingCheck.Outcome outcome = HardBindingCheck.check(file, binding);
        statuses.add(outcome.match()
                ? new ValidationStatus(DATA_HASH_MATCH, url, "the file's " + outcome.alg() + " hash outside the manifest matches the signed one")
                : new ValidationStatus(DATA_HASH_MISMATCH, url, outcome.problem() != null ? outcome.problem()
                : "the file's bytes hash to " + outcome.actual() + ", not the signed " + outcome.expected() + ": they changed after signing"));
    }

    /** created_assertions and gathered_assertions (claim v2), or assertions (v1). */
    private static List<JsonNode> references(JsonNode claim) {
        List<JsonNode> list = new ArrayList<>();
        for (String field : List.of("created_assertions", "gathered_assertions", "assertions")) {
            JsonNode entries = claim.path(field);
            for (JsonNode entry : entries.isArray() ? entries : List.<JsonNode>of()) {
                if (list.size() < MAX_REFERENCES && entry.isObject()) {
                    list.add(entry);
                }
            }
        }
        return list;
    }

    /** A JUMBF URI: absolute ({@code self#jumbf=/c2pa/MANIFEST/…}) or relative to the manifest ({@code self#jumbf=c2pa.assertions/…}). */
    private static Optional<JumbfBox> resolve(JumbfBox store, JumbfBox manifest, String url) {
        if (!url.startsWith(SELF)) {
            return Optional.empty();
        }
        String path = url.substring(SELF.length());
        JumbfBox at = manifest;
        // Early writers left out the leading slash of an absolute URI ("c2pa/urn:…/c2pa.assertions/…").
        if (path.startsWith("/") || path.startsWith(store.label() + "/")) {
            String[] parts = (path.startsWith("/") ? path.substring(1) : path).split("/", 2);
            if (parts.length < 2 || !parts[0].equals(store.label())) {
                return Optional.empty();
            }
            path = parts[1];
            at = store;
        }
        for (String part : path.split("/")) {
            Optional<JumbfBox> next = at.children().stream().filter(b -> b.isSuperbox() && part.equals(b.label())).findFirst();
            if (next.isEmpty()) {
                return Optional.empty();
            }
            at = next.get();
        }
        return Optional.of(at);
    }

    /** Pre-1.0 manifests hashed an assertion's data box alone, not its whole superbox. */
    private static boolean prerelease(JumbfBox assertion, String alg, byte[] signed) {
        return assertion.children().stream().filter(b -> !b.isSuperbox() && !"jumd".equals(b.type())).findFirst()
                .flatMap(data -> hashOf(data.payloadView(), alg)).map(h -> MessageDigest.isEqual(h, signed)).orElse(false);
    }

    private static IngredientLink link(JumbfBox manifest, JsonNode ingredient) {
        JsonNode reference = ingredient.has("activeManifest") ? ingredient.get("activeManifest") : ingredient.get("c2pa_manifest");
        String url = reference == null ? null : ClaimFields.text(reference, "url");
        String target = url == null ? null : url.substring(url.lastIndexOf('/') + 1);
        return new IngredientLink(manifest.label(), ClaimFields.text(ingredient, "dc:title"),
                ClaimFields.text(ingredient, "relationship"), target);
    }

    private static Optional<byte[]> hashOf(ByteBuffer bytes, String alg) {
        String name = switch (alg.toLowerCase(Locale.ROOT)) {
            case "sha256" -> "SHA-256";
            case "sha384" -> "SHA-384";
            case "sha512" -> "SHA-512";
            default -> null;
        };
        if (name == null) {
            return Optional.empty();
        }
        try {
            MessageDigest digest = MessageDigest.getInstance(name);
            digest.update(bytes);
            return Optional.of(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            return Optional.empty();
        }
    }

    private static byte[] binary(JsonNode node) {
        try {
            return node != null && node.isBinary() ? node.binaryValue() : new byte[0];
        } catch (IOException e) {
            return new byte[0];
        }
    }

    private static Optional<JsonNode> cbor(byte[] bytes) {
        try {
            return Optional.ofNullable(CBOR.readTree(bytes));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
