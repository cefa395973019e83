package dev.loupe.tool;

import com.fasterxml.jackson.annotation.JsonValue;

/** How a tool run ended. */
public enum ToolStatus {
    /** The tool ran and its data and findings are valid. */
    OK,
    /** The tool does not apply to this image (ELA on a PNG, say); the error says why. */
    NOT_APPLICABLE,
    /** The tool could not run: bad arguments, undecodable data, a timeout. */
    ERROR;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
