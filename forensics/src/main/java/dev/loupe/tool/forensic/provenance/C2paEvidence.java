package dev.loupe.tool.forensic.provenance;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.tool.Finding;
import dev.loupe.tool.forensic.provenance.c2pa.C2paAction;
import dev.loupe.tool.forensic.provenance.c2pa.C2paIngredient;
import dev.loupe.tool.forensic.provenance.c2pa.C2paManifest;
import dev.loupe.tool.forensic.provenance.c2pa.C2paStore;
import dev.loupe.tool.forensic.provenance.c2pa.C2paValidation;
import dev.loupe.tool.forensic.provenance.c2pa.HardBindingCheck;
import dev.loupe.tool.forensic.provenance.c2pa.ManifestValidation;
import dev.loupe.tool.forensic.provenance.c2pa.ValidationStatus;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Turns a C2PA store into the provenance tool's {@code c2pa} data and its c2pa_* findings. */
final class C2paEvidence {

    /** Actions that change the picture's content (not only its metadata or its format). */
    private static final Set<String> EDITS = Set.of("c2pa.edited", "c2pa.color_adjustments", "c2pa.cropped",
            "c2pa.drawing", "c2pa.filtered", "c2pa.orientation", "c2pa.resized", "c2pa.placed", "c2pa.removed");

    private C2paEvidence() {
    }

    static void add(C2paStore store, Optional<C2paValidation> validation, byte[] file, ObjectNode c2pa, List<Finding> findings) {
        c2pa.put("present", true);
        c2pa.put("manifest_count", store.manifests().size());
        var labels = c2pa.putArray("manifests");
        store.manifests().forEach(m -> labels.add(m.label()));
        var errors = c2pa.putArray("errors");
        store.errors().forEach(errors::add);
        if (store.active().isEmpty()) {
            findings.add(new Finding("c2pa_parse_error", "A C2PA store is embedded but no manifest could be read: "
                    + String.join("; ", store.errors()) + "."));
            return;
        }
        C2paManifest manifest = store.active().get();
        ObjectNode active = c2pa.putObject("active_manifest");
        active.put("label", manifest.label());
        putIfSet(active, "claim_generator", manifest.claimGenerator());
        putIfSet(active, "title", manifest.title());
        putIfSet(active, "format", manifest.format());
        var actions = active.putArray("actions");
        for (C2paAction action : manifest.actions()) {
            ObjectNode a = actions.addObject();
            putIfSet(a, "action", action.action());
            putIfSet(a, "digital_source_type", action.digitalSourceType());
            putIfSet(a, "software_agent", action.softwareAgent());
        }
        var ingredients = active.putArray("ingredients");
        for (C2paIngredient ingredient : manifest.ingredients()) {
            ObjectNode i = ingredients.addObject();
            putIfSet(i, "title", ingredient.title());
            putIfSet(i, "relationship", ingredient.relationship());
        }
        var assertions = active.putArray("assertions");
        manifest.assertionLabels().forEach(assertions::add);
        active.put("signature_present", manifest.signaturePresent());
        active.put("signature_verified", validation.flatMap(C2paValidation::active)
                .map(m -> m.has(ValidationStatus.CLAIM_SIGNATURE_VALIDATED)).orElse(false));
        var manifestErrors = active.putArray("errors");
        manifest.errors().forEach(manifestErrors::add);

        findings.add(new Finding("c2pa_manifest_present", "Content credentials (C2PA) are embedded: "
                + store.manifests().size() + " manifest(s), the active one by "
                + (manifest.claimGenerator() == null ? "an unnamed claim generator" : manifest.claimGenerator()) + "."));
        actionFindings(manifest, findings);
        manifest.hashBinding().ifPresent(binding -> {
            HardBindingCheck.Outcome outcome = HardBindingCheck.check(file, binding);
            ObjectNode hash = active.putObject("hard_binding");
            hash.put("alg", outcome.alg()).put("match", outcome.match()).put("expected", outcome.expected());
            putIfSet(hash, "actual", outcome.actual());
            putIfSet(hash, "problem", outcome.problem());
            findings.add(outcome.match()
                    ? new Finding("c2pa_hash_match", "The file's " + outcome.alg() + " hash matches the signed hard binding: the bytes are as signed.")
                    : new Finding("c2pa_hash_mismatch", "The file's bytes no longer match the C2PA hard binding ("
                    + (outcome.problem() != null ? outcome.problem() : outcome.alg() + " differs") + "): it changed after signing."));
        });
        validation.ifPresent(v -> C2paValidationEvidence.add(v, store, c2pa, findings));
    }

    private static void actionFindings(C2paManifest manifest, List<Finding> findings) {
        manifest.actions().stream().filter(C2paAction::isAiSource).findFirst().ifPresent(a ->
                findings.add(new Finding("c2pa_ai_source", "The C2PA action " + a.action() + " declares digital source type "
                        + a.digitalSourceType() + " (made by a trained model).")));
        if (manifest.hasAction("c2pa.created")) {
            findings.add(new Finding("c2pa_created", "The C2PA manifest records a c2pa.created action"
                    + agentOf(manifest, "c2pa.created") + "."));
        }
        List<String> edits = manifest.actions().stream().map(C2paAction::action).filter(EDITS::contains).distinct().toList();
        if (!edits.isEmpty()) {
            findings.add(new Finding("c2pa_edited", "The C2PA manifest records edits: " + String.join(", ", edits) + "."));
        }
        if (manifest.hasAction("c2pa.opened") || !manifest.ingredients().isEmpty()) {
            findings.add(new Finding("c2pa_derived", "The C2PA manifest says the image was made from "
                    + manifest.ingredients().size() + " ingredient(s)"
                    + (manifest.ingredients().isEmpty() ? "" : ", first '" + manifest.ingredients().get(0).title() + "'") + "."));
        }
    }

    private static String agentOf(C2paManifest manifest, String action) {
        return manifest.actions().stream().filter(a -> action.equals(a.action()) && a.softwareAgent() != null)
                .findFirst().map(a -> " by " + a.softwareAgent()).orElse("");
    }

    private static void putIfSet(ObjectNode node, String key, String value) {
        if (value != null) {
            node.put(key, value);
        }
    }
}
