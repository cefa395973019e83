package dev.loupe.core;

import java.nio.file.InvalidPathException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * Maps whatever a graph run threw to a {@link LoupeException}: LangGraph4j wraps node failures in
 * completion and runner exceptions; the cause the user needs is inside.
 */
public final class Failures {

    private Failures() {
    }

    public static LoupeException unwrap(Throwable thrown) {
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            if (t instanceof LoupeException loupe) {
                return loupe;
            }
        }
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            if (t instanceof InvalidPathException invalid) {
                return new LoupeException(LoupeException.Kind.BAD_INPUT, "'" + invalid.getInput() + "': "
                        + Causes.of(invalid), thrown);
            }
        }
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            if (t instanceof OutOfMemoryError) {
                // not a bug: the image needs more heap than this JVM was given (bin/loupe gives one-off
                // commands 1 GB; a server runs several analyses at once), and a later retry may fit
                return new LoupeException(LoupeException.Kind.UNAVAILABLE, "out of memory (" + t.getMessage()
                        + "): give Loupe's JVM a larger heap, e.g. LOUPE_HEAP=2g with bin/loupe or java -Xmx2g -jar …", thrown);
            }
        }
        Throwable root = thrown;
        while ((root instanceof CompletionException || root instanceof ExecutionException
                || root.getClass().getName().endsWith("GraphRunnerException")) && root.getCause() != null) {
            root = root.getCause();
        }
        String message = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
        return new LoupeException(LoupeException.Kind.INTERNAL, "internal error: " + firstLine(message), thrown);
    }

    private static String firstLine(String text) {
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline);
    }
}
