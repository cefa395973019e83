package dev.loupe.tool.forensic.provenance;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.tool.Finding;
import dev.loupe.tool.forensic.provenance.c2pa.C2paAction;
import dev.loupe.tool.forensic.provenance.c2pa.C2paManifest;
import dev.loupe.tool.forensic.provenance.c2pa.C2paStore;
import dev.loupe.tool.forensic.provenance.c2pa.C2paValidation;
import dev.loupe.tool.forensic.provenance.c2pa.IngredientLink;
import dev.loupe.tool.forensic.provenance.c2pa.ManifestValidation;
import dev.loupe.tool.forensic.provenance.c2pa.SignerInfo;
import dev.loupe.tool.forensic.provenance.c2pa.ValidationStatus;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

import static dev.loupe.tool.forensic.provenance.c2pa.ValidationStatus.*;

/**
 * Turns a C2PA validation into the provenance tool's {@code c2pa.validation} data and the findings
 * the forensic policy weighs. Only a manifest with no failed check and a trusted signer says
 * anything about the content: an untrusted signer is anyone with a key, so its claims stay claims.
 */
final class C2paValidationEvidence {

    /** Checks that fail when the manifest itself was altered after signing. */
    private static final Set<String> TAMPERING = Set.of(CLAIM_SIGNATURE_MISMATCH, CLAIM_SIGNATURE_MISSING,
            HASHED_URI_MISMATCH, ASSERTION_MISSING, CLAIM_MISSING, CLAIM_MALFORMED, ALGORITHM_UNSUPPORTED);
    /** Checks that fail when the signer's certificate cannot vouch for the signature. */
    private static final Set<String> CREDENTIAL = Set.of(SIGNING_CREDENTIAL_EXPIRED, SIGNING_CREDENTIAL_REVOKED,
            SIGNING_CREDENTIAL_INVALID);
    private static final String DIGITAL_CAPTURE = "digitalcapture";
    /** Ingredients followed from the active manifest at most this deep: real chains are a few edits long. */
    private static final int MAX_CHAIN = 32;

    private C2paValidationEvidence() {
    }

    static void add(C2paValidation validation, C2paStore store, ObjectNode c2pa, List<Finding> findings) {
        ObjectNode out = c2pa.putObject("validation");
        Optional<ManifestValidation> active = validation.active();
        out.put("state", active.map(ManifestValidation::state).orElse("none"));
        var trust = out.putArray("trust_anchors_from");
        validation.trustSource().forEach(trust::add);
        active.ifPresent(a -> {
            var codes = out.putArray("status_codes");
            a.statuses().stream().map(ValidationStatus::code).distinct().forEach(codes::add);
            var reasons = out.putArray("reasons");
            a.failures().forEach(f -> reasons.add(f.code() + ": " + f.explanation()));
            a.signer().ifPresent(s -> signer(out.putObject("signer"), s));
        });
        var manifests = out.putArray("manifests");
        for (ManifestValidation m : validation.manifests()) {
            ObjectNode node = manifests.addObject().put("label", m.label()).put("active", m.active()).put("state", m.state());
            store.manifests().stream().filter(s -> m.label().equals(s.label())).findFirst()
                    .map(C2paManifest::claimGenerator).ifPresent(g -> node.put("claim_generator", g));
            m.signer().ifPresent(s -> signer(node.putObject("signer"), s));
            var statuses = node.putArray("statuses");
            m.statuses().forEach(s -> statuses.addObject().put("code", s.code()).put("kind", s.kind().name().toLowerCase(Locale.ROOT))
                    .put("url", s.url()).put("explanation", s.explanation()));
        }
        List<String> chain = chain(validation, active.map(ManifestValidation::label).orElse(null));
        var edits = out.putArray("chain_of_edits");
        for (String label : chain) {
            store.manifests().stream().filter(s -> label.equals(s.label())).findFirst().ifPresent(s -> {
                ObjectNode step = edits.addObject().put("manifest", label)
                        .put("state", validation.manifest(label).map(ManifestValidation::state).orElse("unknown"));
                if (s.claimGenerator() != null) {
                    step.put("claim_generator", s.claimGenerator());
                }
                var actions = step.putArray("actions");
                s.actions().forEach(a -> actions.add(a.action() + (a.digitalSourceType() == null ? "" : " (" + shortType(a.digitalSourceType()) + ")")));
            });
        }
        active.ifPresent(a -> findings(validation, store, a, chain, out, findings));
    }

    private static void findings(C2paValidation validation, C2paStore store, ManifestValidation active, List<String> chain,
                                 ObjectNode out, List<Finding> findings) {
        String signer = active.signer().map(C2paValidationEvidence::describe).orElse("an unidentified signer");
        Set<String> failed = new HashSet<>();
        active.failures().forEach(f -> failed.add(f.code()));
        if (failed.stream().anyMatch(TAMPERING::contains)) {
            findings.add(new Finding("c2pa_signature_invalid", "The C2PA manifest fails its own signature checks ("
                    + String.join(", ", failed.stream().filter(TAMPERING::contains).sorted().toList())
                    + "): the claim or its assertions changed after " + signer + " signed them. The credentials prove nothing; "
                    + "someone altered them."));
            return;
        }
        if (failed.stream().anyMatch(CREDENTIAL::contains)) {
            findings.add(new Finding("c2pa_credential_invalid", "The C2PA claim signature was made with a certificate that "
                    + "cannot vouch for it (" + String.join(", ", failed.stream().filter(CREDENTIAL::contains).sorted().toList())
                    + ", " + signer + "): its statements are unverified."));
            return;
        }
        if (failed.contains(SIGNING_CREDENTIAL_UNTRUSTED)) {
            findings.add(new Finding("c2pa_signer_untrusted", "The C2PA signature is intact but " + signer
                    + " is not on the trust list: anyone can make such a certificate, so the manifest's statements "
                    + "(capture, generation, edits) are the signer's word, not proof."));
            return;
        }
        if (!active.failures().isEmpty() || !active.has(CLAIM_SIGNATURE_VALIDATED)) {
            return; // a hash mismatch is reported by the hard-binding finding; nothing here vouches for content
        }
        // Trusted and intact: what the chain of trusted manifests declares is the strongest evidence there is.
        Optional<C2paAction> generation = Optional.empty();
        String generatedBy = null;
        for (String label : chain) {
            ManifestValidation m = validation.manifest(label).orElseThrow();
            if (!m.failures().isEmpty()) {
                break; // an ingredient that does not validate vouches for nothing further back
            }
            Optional<C2paManifest> manifest = store.manifests().stream().filter(s -> label.equals(s.label())).findFirst();
            Optional<C2paAction> ai = manifest.flatMap(s -> s.actions().stream().filter(C2paAction::isAiSource).findFirst());
            if (ai.isPresent()) {
                generation = ai;
                generatedBy = Optional.ofNullable(ai.get().softwareAgent()).orElse(manifest.get().claimGenerator());
                break;
            }
        }
        if (generation.isPresent()) {
            out.put("generator", generatedBy);
            findings.add(new Finding("c2pa_signed_ai_generation", "Trusted, intact content credentials signed by " + signer
                    + " declare the content " + shortType(generation.get().digitalSourceType()) + ", made by "
                    + (generatedBy == null ? "an unnamed generator" : generatedBy)
                    + (chain.size() > 1 ? " (through " + (chain.size() - 1) + " ingredient step(s))" : "")
                    + ". Camera-like metadata elsewhere in the file does not outweigh this."));
            return;
        }
        Optional<C2paManifest> own = store.manifests().stream().filter(s -> active.label().equals(s.label())).findFirst();
        boolean capture = own.map(s -> s.actions().stream().anyMatch(a -> a.digitalSourceType() != null
                && a.digitalSourceType().toLowerCase(Locale.ROOT).endsWith(DIGITAL_CAPTURE))).orElse(false);
        if (capture && active.has(DATA_HASH_MATCH)) {
            findings.add(new Finding("c2pa_signed_capture", "Trusted, intact content credentials signed by " + signer
                    + " declare a digital capture, and the file's bytes are the ones signed."));
        }
    }

    /** The active manifest, then each ingredient's manifest it names (parent first), as far as they link. */
    private static List<String> chain(C2paValidation validation, String active) {
        List<String> chain = new ArrayList<>();
        String at = active;
        while (at != null && !chain.contains(at) && chain.size() < MAX_CHAIN) {
            chain.add(at);
            String from = at;
            at = validation.ingredients().stream().filter(l -> from.equals(l.manifest()) && l.ingredientManifest() != null)
                    .sorted((a, b) -> Boolean.compare(!"parentOf".equals(a.relationship()), !"parentOf".equals(b.relationship())))
                    .map(IngredientLink::ingredientManifest).findFirst().orElse(null);
        }
        return chain;
    }

    private static void signer(ObjectNode node, SignerInfo s) {
        node.put("common_name", s.commonName());
        if (s.organization() != null) {
            node.put("organization", s.organization());
        }
        node.put("issuer", s.issuer()).put("algorithm", s.algorithm()).put("not_before", s.notBefore().toString())
                .put("not_after", s.notAfter().toString()).put("signed_at", s.signedAt().toString()).put("time_source", s.timeSource());
    }

    private static String describe(SignerInfo s) {
        return s.commonName() + (s.organization() == null ? "" : " (" + s.organization() + ")");
    }

    /** The last part of an IPTC digital source type URI ({@code trainedAlgorithmicMedia}). */
    private static String shortType(String uri) {
        return uri == null ? "" : uri.substring(uri.lastIndexOf('/') + 1);
    }
}
