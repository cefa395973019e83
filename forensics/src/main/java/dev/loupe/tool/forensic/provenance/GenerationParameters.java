package dev.loupe.tool.forensic.provenance;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads generation parameters as AUTOMATIC1111 (and Forge, SD.Next, Fooocus in A1111 mode) write
 * them: the prompt, an optional "Negative prompt:" line, then one line of "Key: value" pairs that
 * starts with "Steps:".
 */
final class GenerationParameters {

    private static final int MAX_PAIRS = 100;
    private static final int MAX_LINE = 4000;
    private static final Pattern SETTINGS_LINE = Pattern.compile("(?m)^Steps: *\\d+.*$");
    /** A "Key: value" pair; a value may be quoted and then hold commas. */
    private static final Pattern PAIR = Pattern.compile("\\s*([\\w .\\-/()]+?): *(\"(?:[^\"\\\\]|\\\\.)*\"|[^,]*)(?:,|$)");

    private GenerationParameters() {
    }

    /** Whether a text reads like A1111 parameters: a Steps line with a sampler, CFG scale or seed. */
    static boolean looksLikeParameters(String text) {
        return text != null && SETTINGS_LINE.matcher(text).find()
                && (text.contains("Sampler:") || text.contains("CFG scale:") || text.contains("Seed:"));
    }

    /** The settings line's pairs, keys in snake_case ({@code cfg_scale}, {@code model_hash}), and the prompt. */
    static Optional<Map<String, String>> parse(String text) {
        if (!looksLikeParameters(text)) {
            return Optional.empty();
        }
        Matcher line = SETTINGS_LINE.matcher(text);
        line.find();
        Map<String, String> values = new LinkedHashMap<>();
        // Real settings lines are a few hundred characters; the bound keeps the pair scan linear
        // in practice on a hostile megabyte-long line.
        String settings = line.group().length() <= MAX_LINE ? line.group() : line.group().substring(0, MAX_LINE);
        Matcher pair = PAIR.matcher(settings);
        while (pair.find() && values.size() < MAX_PAIRS) {
            if (pair.group(1).isBlank()) {
                continue;
            }
            String key = pair.group(1).strip().toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]+", "_");
            values.putIfAbsent(key, pair.group(2).strip());
        }
        String before = text.substring(0, line.start()).strip();
        int negative = before.indexOf("Negative prompt:");
        String prompt = negative >= 0 ? before.substring(0, negative).strip() : before;
        if (!prompt.isEmpty()) {
            values.put("prompt", prompt.length() > 500 ? prompt.substring(0, 500) + "…" : prompt);
        }
        return Optional.of(values);
    }
}
