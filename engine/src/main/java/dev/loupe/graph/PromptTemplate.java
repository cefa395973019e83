package dev.loupe.graph;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A prompt file's text with {@code {{name}}} placeholders, filled from the state at run time.
 * A placeholder with no value is left visible ({@code {{name}}}) so a typo shows in the prompt
 * rather than silently vanishing.
 *
 * @param path   where the text was read from, as the graph file names it
 * @param text   the template
 * @param sha256 the hash of the text, recorded in results and fingerprints
 */
public record PromptTemplate(String path, String text, String sha256) {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{\\s*([a-zA-Z0-9_.]+)\\s*}}");

    public static PromptTemplate of(String path, String text) {
        return new PromptTemplate(path, text, sha256(text));
    }

    public String fill(Map<String, String> values) {
        Matcher matcher = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder();
        while (matcher.find()) {
            String value = values.get(matcher.group(1));
            matcher.appendReplacement(out, Matcher.quoteReplacement(value == null ? matcher.group() : value));
        }
        matcher.appendTail(out);
        return out.toString();
    }

    static String sha256(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
