package dev.loupe.docs;

import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One fenced code block of a markdown file: its info string's language, its text, where it starts,
 * and the {@code <!-- snippet: KIND (reason) -->} comment on the line before it, if any.
 *
 * @param file     the markdown file, relative to the repository
 * @param line     the line of the opening fence, from 1
 * @param language the first word of the info string ({@code java}, {@code bash}, {@code text}), or empty
 * @param marker   the comment's text after {@code snippet:}, or empty
 * @param text     the block's lines, without the fences
 */
record FencedBlock(Path file, int line, String language, String marker, String text) {

    private static final Pattern MARKER = Pattern.compile("^(skip|parse-only)\\s*\\((.+)\\)$");

    /** How the snippet tests treat this block. */
    enum Handling { RUN, PARSE_ONLY, SKIP }

    Handling handling() {
        if (marker.isEmpty()) {
            return Handling.RUN;
        }
        return markerMatch().map(m -> m.group(1).equals("skip") ? Handling.SKIP : Handling.PARSE_ONLY)
                .orElseThrow(() -> new IllegalStateException(where() + ": the marker '" + marker
                        + "' is neither 'skip (reason)' nor 'parse-only (reason)'"));
    }

    /** Why the block is not run as written. */
    String reason() {
        return markerMatch().map(m -> m.group(2)).orElse("");
    }

    String where() {
        return file + ":" + line;
    }

    boolean isShell() {
        return language.equals("bash") || language.equals("sh") || language.equals("shell");
    }

    private Optional<Matcher> markerMatch() {
        Matcher m = MARKER.matcher(marker);
        return m.matches() ? Optional.of(m) : Optional.empty();
    }
}
