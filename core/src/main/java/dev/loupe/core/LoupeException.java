package dev.loupe.core;

/**
 * The one root of Loupe's own exceptions. Its {@link Kind} decides the CLI exit code and the HTTP
 * status, in one place each, so every failure maps the same way wherever it surfaces.
 */
public class LoupeException extends RuntimeException {

    /** What went wrong, from the caller's point of view. */
    public enum Kind {
        /** The input cannot be analysed: a bad file, a bad argument. Retrying will not help. */
        BAD_INPUT(2, 400),
        /**
         * The request names something that already means something else: a thread id that holds
         * another analysis. Retrying will not help; use another name. {@link #conflict()} says which.
         */
        CONFLICT(2, 409),
        /** A model or service could not be reached or kept failing, or memory ran out. Retrying later may help. */
        UNAVAILABLE(3, 503),
        /** A bug in Loupe. */
        INTERNAL(1, 500);

        private final int exitCode;
        private final int httpStatus;

        Kind(int exitCode, int httpStatus) {
            this.exitCode = exitCode;
            this.httpStatus = httpStatus;
        }

        /** The CLI's exit code for this kind. */
        public int exitCode() {
            return exitCode;
        }

        /** The HTTP status the server answers with for this kind. */
        public int httpStatus() {
            return httpStatus;
        }
    }

    private final Kind kind;
    private final Conflict conflict;

    public LoupeException(Kind kind, String message) {
        this(kind, message, (Throwable) null);
    }

    public LoupeException(Kind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
        this.conflict = null;
    }

    private LoupeException(Conflict conflict, String message) {
        super(message);
        this.kind = Kind.CONFLICT;
        this.conflict = conflict;
    }

    public Kind kind() {
        return kind;
    }

    /** What the conflict is about; null for any other kind. */
    public Conflict conflict() {
        return conflict;
    }

    public static LoupeException badInput(String message) {
        return new LoupeException(Kind.BAD_INPUT, message);
    }

    public static LoupeException conflict(Conflict cause, String message) {
        return new LoupeException(cause, message);
    }

    public static LoupeException unavailable(String message, Throwable cause) {
        return new LoupeException(Kind.UNAVAILABLE, message, cause);
    }
}
