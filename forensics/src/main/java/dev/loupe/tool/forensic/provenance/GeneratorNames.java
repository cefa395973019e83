package dev.loupe.tool.forensic.provenance;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/** Names of image generators as they appear in Software, CreatorTool and C2PA claim generators. */
final class GeneratorNames {

    private record Generator(String name, Pattern pattern) {
    }

    private static final List<Generator> GENERATORS = List.of(
            generator("Midjourney", "midjourney"),
            generator("DALL-E", "dall[-·· ]?e"),
            generator("ChatGPT", "chatgpt|gpt-4o|gpt-image"),
            generator("Stable Diffusion", "stable[ -]?diffusion|\\bsdxl\\b"),
            generator("Adobe Firefly", "firefly"),
            generator("Imagen", "\\bimagen\\b|made with google ai"),
            generator("Gemini", "\\bgemini\\b"),
            generator("NovelAI", "novelai"),
            generator("ComfyUI", "comfyui"),
            generator("AUTOMATIC1111", "automatic1111|stable-diffusion-webui"),
            generator("InvokeAI", "invokeai"),
            generator("Fooocus", "fooocus"),
            generator("Leonardo.Ai", "leonardo\\.?ai"),
            generator("Ideogram", "ideogram"),
            generator("FLUX", "\\bflux(\\.1)?\\b"),
            generator("Bing Image Creator", "bing image creator|image creator from microsoft|microsoft designer"),
            generator("DreamStudio", "dreamstudio"),
            generator("NightCafe", "nightcafe"),
            generator("Craiyon", "craiyon"),
            generator("Playground AI", "playground ?ai"),
            generator("Runway", "runwayml|\\brunway\\b"),
            generator("Sora", "\\bsora\\b"));

    private GeneratorNames() {
    }

    private static Generator generator(String name, String regex) {
        return new Generator(name, Pattern.compile(regex, Pattern.CASE_INSENSITIVE));
    }

    /** The generator a text names, if it names one. */
    static Optional<String> namedIn(String text) {
        if (text == null || text.isBlank()) {
            return Optional.empty();
        }
        for (Generator generator : GENERATORS) {
            if (generator.pattern().matcher(text).find()) {
                return Optional.of(generator.name());
            }
        }
        return Optional.empty();
    }
}
