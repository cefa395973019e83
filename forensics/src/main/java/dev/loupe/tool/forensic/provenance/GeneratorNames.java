package dev.loupe.tool.forensic.provenance;

import dev.loupe.tool.forensic.metadata.NamedPattern;

import java.util.List;
import java.util.Optional;

/** Names of image generators as they appear in Software, CreatorTool and C2PA claim generators. */
final class GeneratorNames {

    private static final List<NamedPattern> GENERATORS = List.of(
            NamedPattern.of("Midjourney", "midjourney"),
            NamedPattern.of("DALL-E", "dall[-·· ]?e"),
            NamedPattern.of("ChatGPT", "chatgpt|gpt-4o|gpt-image"),
            NamedPattern.of("Stable Diffusion", "stable[ -]?diffusion|\\bsdxl\\b"),
            NamedPattern.of("Adobe Firefly", "firefly"),
            NamedPattern.of("Imagen", "\\bimagen\\b|made with google ai"),
            NamedPattern.of("Gemini", "\\bgemini\\b"),
            NamedPattern.of("NovelAI", "novelai"),
            NamedPattern.of("ComfyUI", "comfyui"),
            NamedPattern.of("AUTOMATIC1111", "automatic1111|stable-diffusion-webui"),
            NamedPattern.of("InvokeAI", "invokeai"),
            NamedPattern.of("Fooocus", "fooocus"),
            NamedPattern.of("Leonardo.Ai", "leonardo\\.?ai"),
            NamedPattern.of("Ideogram", "ideogram"),
            NamedPattern.of("FLUX", "\\bflux(\\.1)?\\b"),
            NamedPattern.of("Bing Image Creator", "bing image creator|image creator from microsoft|microsoft designer"),
            NamedPattern.of("DreamStudio", "dreamstudio"),
            NamedPattern.of("NightCafe", "nightcafe"),
            NamedPattern.of("Craiyon", "craiyon"),
            NamedPattern.of("Playground AI", "playground ?ai"),
            NamedPattern.of("Runway", "runwayml|\\brunway\\b"),
            NamedPattern.of("Sora", "\\bsora\\b"));

    private GeneratorNames() {
    }

    /** The generator a text names, if it names one. */
    static Optional<String> namedIn(String text) {
        return NamedPattern.firstIn(GENERATORS, text);
    }
}
