package dev.loupe.tool.forensic.provenance;

/**
 * One sign that a generator made the image.
 *
 * @param marker    what kind of sign: {@code automatic1111_parameters}, {@code comfyui_prompt},
 *                  {@code comfyui_workflow}, {@code novelai}, {@code generator_text_chunk},
 *                  {@code exif_user_comment_parameters}, {@code digital_source_type},
 *                  {@code generator_name}
 * @param source    where it was found, for example {@code PNG text 'parameters'}
 * @param generator the generator it points to, when known
 * @param excerpt   the start of the text that carries it
 */
public record AiMarker(String marker, String source, String generator, String excerpt) {
}
