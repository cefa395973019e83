package dev.loupe.model.openai;

import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * Removes secrets (the API key, custom header values) from any text before it reaches a log line or
 * an error message. Short values are left alone: redacting "1" would mangle every number.
 */
public final class Redactor {

    static final String MASK = "[redacted]";
    private static final int MIN_SECRET_LENGTH = 6;

    private final List<String> secrets;

    public Redactor(Collection<String> secrets) {
        this.secrets = secrets.stream().filter(Objects::nonNull).filter(s -> s.length() >= MIN_SECRET_LENGTH)
                .distinct().sorted((a, b) -> b.length() - a.length()).toList();
    }

    public String redact(String text) {
        if (text == null) {
            return null;
        }
        String result = text;
        for (String secret : secrets) {
            result = result.replace(secret, MASK);
        }
        return result;
    }
}
