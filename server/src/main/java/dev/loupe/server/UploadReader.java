package dev.loupe.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.http.Context;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * Reads what {@code POST /v1/analyze} was sent — a multipart upload with an {@code image} field, or
 * JSON {@code {"path": …}} — never more than the limit: a declared {@code Content-Length} over it is
 * refused before a byte is read (413), and an undeclared length is read only up to the limit.
 */
final class UploadReader {

    /** Room for a multipart body's boundaries and part headers around the image. */
    static final int MULTIPART_OVERHEAD = 64 * 1024;
    private static final int MAX_JSON_BYTES = 64 * 1024;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final long maxImageBytes;
    private final Optional<Path> allowedRoot;

    /**
     * @param maxImageBytes the largest image accepted
     * @param allowedRoot   the folder {@code {"path": …}} requests may read from; they are refused without one.
     *                      Relative paths are taken relative to it.
     */
    UploadReader(long maxImageBytes, Optional<Path> allowedRoot) {
        this.maxImageBytes = maxImageBytes;
        this.allowedRoot = allowedRoot;
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
        byte[] body = readCapped(ctx, bodyLimit(ctx));
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
        return readCapped(ctx, bodyLimit(ctx));
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
            return AnalysisRequest.file(allowedRoot.get().resolve(json.path("path").asText()));
        } catch (InvalidPathException e) {
            throw HttpProblem.badRequest("not a valid path: " + e.getReason());
        }
    }

    private byte[] readCapped(Context ctx, long limit) {
        try (InputStream in = ctx.req().getInputStream()) {
            byte[] body = in.readNBytes((int) Math.min(limit + 1, Integer.MAX_VALUE - 8));
            if (body.length > limit) {
                throw HttpProblem.tooLarge("the request body is over " + limit + " bytes; uploads are limited to "
                        + maxImageBytes + " bytes");
            }
            return body;
        } catch (IOException e) {
            throw HttpProblem.badRequest("the request body could not be read: " + e.getMessage());
        }
    }
}
