package dev.loupe.tool.forensic.metadata;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A name and the case-insensitive pattern that finds it in a text: an editor in a Software string, an
 * image generator in a claim generator or a CreatorTool.
 */
public record NamedPattern(String name, Pattern pattern) {

    public static NamedPattern of(String name, String regex) {
        return new NamedPattern(name, Pattern.compile(regex, Pattern.CASE_INSENSITIVE));
    }

    /** The name of the first of {@code names} whose pattern is found in {@code text}; empty for a blank text. */
    public static Optional<String> firstIn(List<NamedPattern> names, String text) {
        if (text == null || text.isBlank()) {
            return Optional.empty();
        }
        for (NamedPattern named : names) {
            if (named.pattern().matcher(text).find()) {
                return Optional.of(named.name());
            }
        }
        return Optional.empty();
    }
}
