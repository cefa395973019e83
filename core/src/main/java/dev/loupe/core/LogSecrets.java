package dev.loupe.core;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * What must never be written to a log: the values Loupe was given as secrets (API keys, bearer
 * tokens, secret headers), registered where they are read, and anything shaped like a credential
 * (a bearer token, an {@code sk-} key, {@code api_key=…}). The log backend passes every line
 * through {@link #redact} before writing it.
 */
public final class LogSecrets {

    /** What a secret is replaced with. */
    public static final String MASK = "***";
    /** Shorter values are too likely to occur in ordinary text to be masked wherever they appear. */
    private static final int MIN_LENGTH = 6;
    private static final Pattern SHAPES = Pattern.compile(
            "(?i)(bearer\\s+)[A-Za-z0-9._~+/=-]+|\\bsk-[A-Za-z0-9_-]{6,}|((?:api[_-]?key|token|password|secret)[\"']?\\s*[=:]\\s*[\"']?)[^\\s\"'&,;}]+");
    private static final Set<String> VALUES = ConcurrentHashMap.newKeySet();

    private LogSecrets() {
    }

    /** Masks {@code value} in every log line from now on; null, blank and very short values are ignored. */
    public static void register(String value) {
        if (value != null && value.strip().length() >= MIN_LENGTH) {
            VALUES.add(value.strip());
        }
    }

    /** {@code text} with every registered secret and every credential-shaped string masked. */
    public static String redact(String text) {
        if (text == null || text.isEmpty()) {
            return text;
        }
        String masked = text;
        for (String value : VALUES) {
            masked = masked.replace(value, MASK);
        }
        return SHAPES.matcher(masked).replaceAll(match -> {
            String prefix = match.group(1) != null ? match.group(1) : match.group(2) != null ? match.group(2) : "";
            return java.util.regex.Matcher.quoteReplacement(prefix + MASK);
        });
    }
}
