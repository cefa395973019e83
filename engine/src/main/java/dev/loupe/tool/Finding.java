package dev.loupe.tool;

import java.util.Objects;

/**
 * One observation a tool makes that bears on the question, named by a stable code (for example
 * {@code ai_generation_marker} or {@code editing_software}) so that a decision policy can weigh
 * it, with a sentence a person can read.
 *
 * @param code   a stable snake_case identifier; policies look their weights up by it
 * @param detail what exactly was seen, in one sentence
 */
public record Finding(String code, String detail) {

    public Finding {
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(detail, "detail");
    }
}
