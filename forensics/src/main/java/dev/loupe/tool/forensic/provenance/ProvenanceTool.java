package dev.loupe.tool.forensic.provenance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.image.LoadedImage;
import dev.loupe.tool.Finding;
import dev.loupe.tool.DefinedTool;
import dev.loupe.tool.ToolDefinition;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.forensic.metadata.ImageMetadata;
import dev.loupe.tool.forensic.metadata.MetadataExtraction;
import dev.loupe.tool.forensic.metadata.TextEntry;
import dev.loupe.tool.forensic.provenance.c2pa.C2paReader;
import dev.loupe.tool.forensic.provenance.c2pa.C2paStore;
import dev.loupe.tool.forensic.provenance.c2pa.C2paValidation;
import dev.loupe.tool.forensic.provenance.c2pa.C2paValidator;
import dev.loupe.tool.forensic.provenance.c2pa.trust.TrustAnchors;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code provenance} tool: AI-generation markers left by generators, and C2PA content
 * credentials (manifests, actions, ingredients), validated as the C2PA specification describes:
 * claim signature, signer chain against the trust anchors (the shipped list, the files
 * {@value TrustAnchors#ENVIRONMENT} names, or a {@link TrustAnchors} the Loupe instance shares),
 * hashed assertions and the hard binding. Certificates are judged at their time stamp's time, else
 * now, so an expiring signer can change the result over time.
 */
public final class ProvenanceTool extends DefinedTool {

    public ProvenanceTool() {
        super(ToolDefinition.builder("provenance", "1.1.0")
                .description("AI-generation markers and C2PA content credentials.")
                // The validation an examiner reads field by field: kept in the analysis result's tool details.
                .detailFields("c2pa.validation.state", "c2pa.validation.status_codes", "c2pa.validation.reasons",
                    "c2pa.validation.signer", "c2pa.validation.generator", "c2pa.validation.chain_of_edits",
                    "c2pa.validation.trust_anchors_from", "c2pa.trust_error")
                .build());
    }

    @Override
    public ToolResult run(ToolContext context, JsonNode arguments) {
        LoadedImage image = context.image();
        ImageMetadata metadata = MetadataExtraction.of(image);
        Optional<C2paStore> store = C2paReader.read(image.bytes());
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        List<Finding> findings = new ArrayList<>();

        List<AiMarker> markers = new ArrayList<>(AiMarkerScanner.scan(metadata));
        store.flatMap(C2paStore::active).ifPresent(manifest -> markers.addAll(AiMarkerScanner.scan(manifest)));
        addMarkers(markers, data, findings);
        generationParameters(metadata).ifPresent(p -> {
            ObjectNode params = data.putObject("generation_parameters");
            p.forEach(params::put);
        });
        if (metadata.xmp().digitalSourceType() != null) {
            data.put("digital_source_type", metadata.xmp().digitalSourceType());
        }
        ObjectNode c2pa = data.putObject("c2pa");
        if (store.isPresent()) {
            C2paEvidence.add(store.get(), validation(context, image.bytes(), c2pa), image.bytes(), c2pa, findings);
        } else {
            c2pa.put("present", false);
            manifestReference(metadata.xmp().provenance(), c2pa, findings);
        }
        return ToolResult.ok(data, findings);
    }

    private static Optional<C2paValidation> validation(ToolContext context, byte[] file, ObjectNode c2pa) {
        TrustAnchors anchors;
        try {
            anchors = context.resources().find(TrustAnchors.class).orElseGet(() -> TrustAnchors.standard(System.getenv()));
        } catch (IllegalArgumentException e) {
            // A trust file that cannot be used must not pass silently: say so and judge with the shipped list.
            c2pa.put("trust_error", e.getMessage());
            anchors = TrustAnchors.shipped();
        }
        // A shared Clock fixes "now" for certificates no time stamp dates (tests, re-examination at a past date).
        Instant now = context.resources().find(Clock.class).map(Clock::instant).orElseGet(Instant::now);
        return new C2paValidator(anchors, now).validate(file);
    }

    /** The markers as data, and one finding that names them all (the policy weighs the code once). */
    private static void addMarkers(List<AiMarker> markers, ObjectNode data, List<Finding> findings) {
        var list = data.putArray("ai_markers");
        Set<String> kinds = new LinkedHashSet<>();
        for (AiMarker marker : markers) {
            ObjectNode m = list.addObject().put("marker", marker.marker()).put("source", marker.source());
            if (marker.generator() != null) {
                m.put("generator", marker.generator());
            }
            m.put("excerpt", marker.excerpt());
            kinds.add(marker.marker() + " in " + marker.source() + (marker.generator() == null ? "" : " (" + marker.generator() + ")"));
        }
        if (!kinds.isEmpty()) {
            findings.add(new Finding("ai_generation_marker", "AI-generation marker(s): " + String.join("; ", kinds) + "."));
        }
    }

    /** What an XMP dcterms:provenance says when no store is embedded: remote, or a dangling pointer. */
    private static void manifestReference(String reference, ObjectNode c2pa, List<Finding> findings) {
        if (reference == null) {
            return;
        }
        if (reference.startsWith("self#jumbf=")) {
            // The XMP still points into an embedded store that is gone: a re-save dropped it.
            c2pa.put("dangling_manifest_reference", reference);
            findings.add(new Finding("c2pa_manifest_stripped", "XMP dcterms:provenance refers to an embedded C2PA "
                    + "manifest (" + reference + ") that is no longer in the file."));
        } else {
            c2pa.put("remote_manifest_url", reference);
            findings.add(new Finding("c2pa_remote_manifest", "XMP dcterms:provenance points to a remote C2PA "
                    + "manifest at " + reference + "; it was not fetched (Loupe works offline)."));
        }
    }

    /** The first generator settings found: A1111 text, then a ComfyUI prompt, then NovelAI's comment. */
    private static Optional<Map<String, String>> generationParameters(ImageMetadata metadata) {
        for (TextEntry entry : metadata.pngText()) {
            Optional<Map<String, String>> parsed = GenerationParameters.parse(entry.text());
            if (parsed.isPresent()) {
                return parsed;
            }
        }
        Optional<Map<String, String>> fromComment = GenerationParameters.parse(metadata.exif().userComment());
        if (fromComment.isPresent()) {
            return fromComment;
        }
        Optional<Map<String, String>> comfy = metadata.pngText("prompt").flatMap(GeneratorJson::comfyUiPrompt);
        if (comfy.isPresent()) {
            return comfy;
        }
        return metadata.pngText("Comment").flatMap(GeneratorJson::novelAiComment);
    }
}
