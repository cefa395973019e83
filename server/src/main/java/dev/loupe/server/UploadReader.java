package dev.loupe.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.http.Context;
import jakarta.servlet.http.HttpServletRequest;
import org.eclipse.jetty.ee10.servlet.ServletChannel;
import org.eclipse.jetty.ee10.servlet.ServletContextRequest;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * Reads what {@code POST /v1/analyze} was sent — a multipart upload with an {@code image} field, or
 * JSON {@code {"path": …}} — never more than the limit: a declared {@code Content-Length} over it is
 * refused before a byte is read (413), and an undeclared length is read only up to the limit.
 *
 * <p>Bodies are received apart from analyses, before a slot is taken: at most
 * {@link UploadPolicy#concurrent()} at once (then 429 {@code uploads-busy}), each within
 * {@link UploadPolicy#timeout()} (then 408 {@code upload-timeout}, however slowly or not at all the bytes
 * come). A client that sends headers and stalls holds one of those places for that long, and no slot.
 */
final class UploadReader {

    /** Room for a multipart body's boundaries and part headers around the image. */
    static final int MULTIPART_OVERHEAD = 64 * 1024;
    private static final int MAX_JSON_BYTES = 64 * 1024;
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Bytes asked of the stream at a time, so the deadline is looked at as the bytes come. */
    private static final int PIECE = 64 * 1024;

    private final long maxImageBytes;
    private final Optional<Path> allowedRoot;
    private final Semaphore receiving;
    private final int concurrent;
    private final Duration timeout;

    /**
     * @param maxImageBytes the largest image accepted
     * @param allowedRoot   the folder {@code {"path": …}} requests may read from; they are refused without one.
     *                      Relative paths are taken relative to it.
     * @param policy        how many bodies are received at once, and how long one may take
     */
    UploadReader(long maxImageBytes, Optional<Path> allowedRoot, UploadPolicy policy) {
        this.maxImageBytes = maxImageBytes;
        this.allowedRoot = allowedRoot;
        this.receiving = new Semaphore(policy.concurrent());
        this.concurrent = policy.concurrent();
        this.timeout = policy.timeout();
    }

    /** Refuses, before anything is read, a body whose declared length is over the limit or whose type is wrong. */
    void checkDeclared(Context ctx) {
        contentKind(ctx);
        long declared = ctx.req().getContentLengthLong();
        if (declared > bodyLimit(ctx)) {
            throw HttpProblem.tooLarge("the request declares " + declared + " bytes; uploads are limited to "
                    + maxImageBytes + " bytes");
        }
    }

    /** The request's image or path. */
    AnalysisRequest read(Context ctx) {
        String type = contentKind(ctx);
        byte[] body = body(ctx);
        if (type.equals("json")) {
            return path(body);
        }
        MultipartForm.Part image = MultipartForm.find(MultipartForm.parse(body, MultipartForm.boundary(ctx.contentType())), "image")
                .orElseThrow(() -> HttpProblem.badRequest("the multipart body has no field named image"));
        if (image.content().length > maxImageBytes) {
            throw HttpProblem.tooLarge("the image is " + image.content().length + " bytes; uploads are limited to "
                    + maxImageBytes + " bytes");
        }
        String name = image.filename() == null || image.filename().isBlank() ? "upload" : image.filename();
        return AnalysisRequest.upload(image.content(), name);
    }

    /**
     * The whole body, for routes that parse it themselves: JSON up to 64 KB, multipart up to the
     * image limit and its overhead (413 past it).
     */
    byte[] body(Context ctx) {
        long limit = bodyLimit(ctx);
        return receive(ctx.req(), limit, () -> "the request body is over " + limit + " bytes; uploads are limited to "
                + maxImageBytes + " bytes");
    }

    /**
     * The whole body of a request that is not an upload (a fork's prompts, an MCP message), received
     * like one: a declared length over {@code limit} is refused before reading, a longer body as soon as
     * it passes the limit (413 naming {@code limit} and {@code what} it is the limit of).
     */
    byte[] body(HttpServletRequest request, long limit, String what) {
        long declared = request.getContentLengthLong();
        if (declared > limit) {
            throw HttpProblem.tooLarge("the request declares " + declared + " bytes; " + what + " is limited to " + limit + " bytes");
        }
        return receive(request, limit, () -> "the request body is over " + limit + " bytes; " + what + " is limited to "
                + limit + " bytes");
    }

    /** Bodies being received now. */
    int receiving() {
        return concurrent - receiving.availablePermits();
    }

    long maxImageBytes() {
        return maxImageBytes;
    }

    private long bodyLimit(Context ctx) {
        return contentKind(ctx).equals("json") ? MAX_JSON_BYTES : maxImageBytes + MULTIPART_OVERHEAD;
    }

    private static String contentKind(Context ctx) {
        String type = ctx.contentType() == null ? "" : ctx.contentType().toLowerCase(Locale.ROOT);
        if (type.startsWith("multipart/form-data")) {
            return "multipart";
        }
        if (type.startsWith("application/json")) {
            return "json";
        }
        throw new HttpProblem(ProblemType.UNSUPPORTED_MEDIA_TYPE,
                "send multipart/form-data with an image field, or application/json with a path; got "
                        + (type.isEmpty() ? "no Content-Type" : type));
    }

    private AnalysisRequest path(byte[] body) {
        if (allowedRoot.isEmpty()) {
            throw HttpProblem.badRequest("analysis by path is disabled; the server must be started with --allowed-root");
        }
        JsonNode json;
        try {
            json = JSON.readTree(body);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw HttpProblem.badRequest("the body is not JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw HttpProblem.badRequest("the body could not be read: " + e.getMessage());
        }
        if (json == null || !json.path("path").isTextual() || json.path("path").asText().isBlank()) {
            throw HttpProblem.badRequest("the JSON body needs a path: {\"path\": \"photo.jpg\"}");
        }
        try {
            String given = json.path("path").asText();
            return AnalysisRequest.file(allowedRoot.get().resolve(given), given);
        } catch (InvalidPathException e) {
            throw HttpProblem.badRequest("not a valid path: " + e.getReason());
        }
    }

    /**
     * The body, up to {@code limit} bytes, received in one of the places for bodies and within the
     * upload timeout. A read that stalls is ended by the connection's idle timeout, set here to the
     * time that is left.
     */
    private byte[] receive(HttpServletRequest request, long limit, Supplier<String> tooLarge) {
        if (!receiving.tryAcquire()) {
            throw new HttpProblem(ProblemType.UPLOADS_BUSY, concurrent + " request bodies are being received, the most at once; "
                    + "retry in a few seconds", Map.of("Retry-After", "2"));
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        ServletChannel channel = channel(request);
        long idle = channel == null ? 0 : channel.getIdleTimeout();
        try (InputStream in = request.getInputStream()) {
            // Grown as the bytes come, never sized by the declared length: a client that declares the limit
            // and stalls must not make the server hold that much.
            ByteArrayOutputStream body = new ByteArrayOutputStream(PIECE);
            byte[] piece = new byte[PIECE];
            while (true) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw timedOut(body.size());
                }
                if (channel != null) {
                    channel.setIdleTimeout(Math.max(1, left / 1_000_000));
                }
                int n = in.read(piece);
                if (n < 0) {
                    return body.toByteArray();
                }
                if (body.size() + (long) n > limit) {
                    throw HttpProblem.tooLarge(tooLarge.get());
                }
                body.write(piece, 0, n);
            }
        } catch (IOException e) {
            if (timeout(e) || System.nanoTime() - deadline >= 0) {
                throw timedOut(-1);
            }
            throw HttpProblem.badRequest("the request body could not be read: " + e.getMessage());
        } finally {
            if (channel != null) {
                channel.setIdleTimeout(idle);
            }
            receiving.release();
        }
    }

    private HttpProblem timedOut(long received) {
        return new HttpProblem(ProblemType.UPLOAD_TIMEOUT, "the request body did not arrive within " + timeout.toSeconds() + " s"
                + (received >= 0 ? " (" + received + " bytes came)" : "") + "; send it again, faster or smaller");
    }

    private static boolean timeout(Throwable error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (cause instanceof TimeoutException || cause instanceof SocketTimeoutException) {
                return true;
            }
        }
        return false;
    }

    /** Jetty's channel for the request, whose idle timeout bounds a stalled read; null outside Jetty. */
    private static ServletChannel channel(HttpServletRequest request) {
        ServletContextRequest jetty = ServletContextRequest.getServletContextRequest(request);
        return jetty == null ? null : jetty.getServletChannel();
    }
}
