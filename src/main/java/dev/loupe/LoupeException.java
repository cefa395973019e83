package dev.loupe;

/**
 * The one root of Loupe's own exceptions. Its {@link Kind} decides the CLI exit code and the HTTP
 * status, in one place each, so every failure maps the same way wherever it surfaces.
 */
public class LoupeException extends RuntimeException {

    /** What went wrong, from the caller's point of view. */
    public enum Kind {
        /** The input cannot be analysed: a bad file, a bad argument. Retrying will not help. */
        BAD_INPUT(2),
        /** A model or service could not be reached or kept failing. Retrying later may help. */
        UNAVAILABLE(3),
        /** A bug in Loupe. */
        INTERNAL(1);

        private final int exitCode;

        Kind(int exitCode) {
            this.exitCode = exitCode;
        }

        public int exitCode() {
            return exitCode;
        }
    }

    private final Kind kind;

    public LoupeException(Kind kind, String message) {
        super(message);
        this.kind = kind;
    }

    public LoupeException(Kind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }

    public static LoupeException badInput(String message) {
        return new LoupeException(Kind.BAD_INPUT, message);
    }

    public static LoupeException unavailable(String message, Throwable cause) {
        return new LoupeException(Kind.UNAVAILABLE, message, cause);
    }
}
