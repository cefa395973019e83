package dev.loupe.core;

import java.io.IOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import javax.net.ssl.SSLException;

/**
 * A failure's cause in words a user can act on ("no such file", "cannot resolve api.openai.com",
 * "connection refused by 127.0.0.1:9"), never a Java class name: error lines are read by people
 * who did not write Loupe.
 */
public final class Causes {

    private Causes() {
    }

    /** The cause of a file operation's failure. */
    public static String of(Throwable thrown) {
        return of(thrown, null);
    }

    /**
     * The cause of a failure, naming {@code target} (the host and port a request went to) when the
     * network is to blame.
     *
     * @param target where the request went, or null when unknown
     */
    public static String of(Throwable thrown, URI target) {
        String place = target == null ? null : target.getHost() + (target.getPort() > 0 ? ":" + target.getPort()
                : "https".equalsIgnoreCase(target.getScheme()) ? ":443" : ":80");
        for (Throwable t = thrown; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof UnknownHostException || t instanceof UnresolvedAddressException) {
                String host = target != null ? target.getHost() : t.getMessage();
                return "cannot resolve " + (host == null ? "the host name" : host);
            }
        }
        for (Throwable t = thrown; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String words = words(t, place);
            if (words != null) {
                return words;
            }
        }
        String message = thrown.getMessage();
        return message == null || message.isBlank() ? "an unexpected failure" : firstLine(message);
    }

    private static String words(Throwable t, String place) {
        if (t instanceof HttpConnectTimeoutException) {
            return "no connection to " + (place == null ? "the server" : place) + " within the timeout";
        }
        if (t instanceof HttpTimeoutException || t instanceof SocketTimeoutException) {
            return "no answer from " + (place == null ? "the server" : place) + " within the timeout";
        }
        if (t instanceof ConnectException) {
            return "connection refused by " + (place == null ? "the server" : place);
        }
        if (t instanceof NoRouteToHostException) {
            return "no route to " + (place == null ? "the server" : place);
        }
        if (t instanceof SSLException ssl) {
            return "the TLS connection to " + (place == null ? "the server" : place) + " failed"
                    + (ssl.getMessage() == null ? "" : ": " + firstLine(ssl.getMessage()));
        }
        if (t instanceof NoSuchFileException) {
            return "no such file";
        }
        if (t instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (t instanceof NotDirectoryException) {
            return "a part of the path is not a folder";
        }
        if (t instanceof FileAlreadyExistsException) {
            return "it already exists";
        }
        if (t instanceof InvalidPathException) {
            return "the name cannot be represented on this system (run with a UTF-8 locale, e.g. LANG=C.UTF-8)";
        }
        if (t instanceof FileSystemException fs) {
            return fs.getReason() != null ? fs.getReason().toLowerCase(java.util.Locale.ROOT) : "a file system error";
        }
        if (t instanceof IOException io && io.getMessage() != null && !io.getMessage().isBlank()
                && !io.getMessage().contains("Exception")) {
            return firstLine(io.getMessage());
        }
        return null;
    }

    private static String firstLine(String text) {
        int newline = text.indexOf('\n');
        String line = newline < 0 ? text : text.substring(0, newline);
        return line.length() > 300 ? line.substring(0, 300) + "…" : line;
    }
}
