package dev.loupe.tool.forensic.provenance;

import dev.loupe.tool.forensic.metadata.ImageMetadata;
import dev.loupe.tool.forensic.metadata.TextEntry;
import dev.loupe.tool.forensic.provenance.c2pa.C2paAction;
import dev.loupe.tool.forensic.provenance.c2pa.C2paManifest;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** Looks through a file's metadata for the marks AI generators leave. */
final class AiMarkerScanner {

    /** PNG text keywords that only image generators write, with who writes them. */
    private static final Map<String, String> GENERATOR_KEYWORDS = Map.of(
            "invokeai_metadata", "InvokeAI", "invokeai_graph", "InvokeAI", "sd-metadata", "InvokeAI",
            "dream", "InvokeAI", "sui_image_params", "SwarmUI", "fooocus_scheme", "Fooocus",
            "generation_data", "Tensor.Art");
    private static final Set<String> AI_SOURCE_TYPES = Set.of("trainedalgorithmicmedia", "compositewithtrainedalgorithmicmedia");
    private static final int EXCERPT = 160;

    private AiMarkerScanner() {
    }

    static List<AiMarker> scan(ImageMetadata metadata) {
        List<AiMarker> markers = new ArrayList<>();
        for (TextEntry entry : metadata.pngText()) {
            pngText(entry, markers);
        }
        String comment = metadata.exif().userComment();
        if (GenerationParameters.looksLikeParameters(comment)) {
            markers.add(new AiMarker("exif_user_comment_parameters", "EXIF UserComment", "Stable Diffusion", excerpt(comment)));
        }
        for (String jpegComment : metadata.comments()) {
            if (GenerationParameters.looksLikeParameters(jpegComment)) {
                markers.add(new AiMarker("automatic1111_parameters", "JPEG comment", "Stable Diffusion", excerpt(jpegComment)));
            }
        }
        String sourceType = metadata.xmp().digitalSourceType();
        if (isAiSourceType(sourceType)) {
            markers.add(new AiMarker("digital_source_type", "XMP Iptc4xmpExt:DigitalSourceType", null, sourceType));
        }
        name(markers, metadata.exif().software(), "EXIF Software");
        name(markers, metadata.xmp().creatorTool(), "XMP CreatorTool");
        metadata.xmp().historySoftwareAgents().forEach(agent -> name(markers, agent, "XMP history"));
        name(markers, metadata.iptc().get("Originating Program"), "IPTC Originating Program");
        name(markers, metadata.iptc().get("Credit"), "IPTC Credit");
        return markers;
    }

    /** Generator names in a C2PA manifest's claim generator and action software agents. */
    static List<AiMarker> scan(C2paManifest manifest) {
        List<AiMarker> markers = new ArrayList<>();
        name(markers, manifest.claimGenerator(), "C2PA claim generator");
        manifest.actions().stream().map(C2paAction::softwareAgent).distinct()
                .forEach(agent -> name(markers, agent, "C2PA action software agent"));
        return markers;
    }

    /** Whether an IPTC digital source type (a full URI or the bare term) says a trained model made it. */
    static boolean isAiSourceType(String value) {
        if (value == null) {
            return false;
        }
        String term = value.strip();
        term = term.substring(term.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
        return AI_SOURCE_TYPES.contains(term);
    }

    private static void pngText(TextEntry entry, List<AiMarker> markers) {
        String keyword = entry.keyword().toLowerCase(Locale.ROOT);
        String text = entry.text();
        String source = "PNG text '" + entry.keyword() + "'";
        if (GenerationParameters.looksLikeParameters(text)) {
            markers.add(new AiMarker("automatic1111_parameters", source, "Stable Diffusion", excerpt(text)));
        } else if (keyword.equals("prompt") && text.contains("\"class_type\"")) {
            markers.add(new AiMarker("comfyui_prompt", source, "ComfyUI", excerpt(text)));
        } else if (keyword.equals("workflow") && text.contains("\"nodes\"")) {
            markers.add(new AiMarker("comfyui_workflow", source, "ComfyUI", excerpt(text)));
        } else if (keyword.equals("software") && text.strip().equalsIgnoreCase("NovelAI")) {
            markers.add(new AiMarker("novelai", source, "NovelAI", excerpt(text)));
        } else if (keyword.equals("comment") && text.contains("\"sampler\"") && text.contains("\"steps\"")) {
            markers.add(new AiMarker("novelai", source, "NovelAI", excerpt(text)));
        } else if (GENERATOR_KEYWORDS.containsKey(keyword)) {
            markers.add(new AiMarker("generator_text_chunk", source, GENERATOR_KEYWORDS.get(keyword), excerpt(text)));
        } else if (keyword.equals("software") || keyword.equals("source") || keyword.equals("creator tool")) {
            name(markers, text, source);
        }
    }

    private static void name(List<AiMarker> markers, String text, String source) {
        GeneratorNames.namedIn(text).ifPresent(generator ->
                markers.add(new AiMarker("generator_name", source, generator, excerpt(text))));
    }

    static String excerpt(String text) {
        String flat = text.strip().replaceAll("\\s+", " ");
        return flat.length() <= EXCERPT ? flat : flat.substring(0, EXCERPT) + "…";
    }
}
