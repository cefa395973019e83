package dev.loupe.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.http.Context;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * One user message to a conversation ({@code POST /v1/threads/{id}/messages}): JSON
 * {@code {"text": …, "graph": …}}, or multipart/form-data with a {@code text} field, an optional
 * {@code image} file (the image a new conversation is about; on a later turn it must be the same one)
 * and an optional {@code graph} field. A {@code ?graph=} query parameter names the graph as well.
 *
 * @param text  what the user says, never blank
 * @param image the uploaded image, or null
 * @param graph the graph asked for, or null for the conversation's own (or the server's default)
 */
record MessageRequest(String text, AnalysisRequest image, String graph) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Refuses a wrong media type or a declared length over the limit before anything is read. */
    static void checkDeclared(Context ctx, UploadReader uploads) {
        String type = ctx.contentType() == null ? "" : ctx.contentType().toLowerCase(Locale.ROOT);
        if (!type.startsWith("application/json") && !type.startsWith("multipart/form-data")) {
            throw new HttpProblem(ProblemType.UNSUPPORTED_MEDIA_TYPE, "send application/json {\"text\": \"…\"}, or "
                    + "multipart/form-data with a text field and an optional image file; got "
                    + (type.isEmpty() ? "no Content-Type" : type));
        }
        uploads.checkDeclared(ctx);
    }

    static MessageRequest read(Context ctx, UploadReader uploads) {
        byte[] body = uploads.body(ctx);
        String query = blankToNull(ctx.queryParam("graph"));
        if (ctx.contentType().toLowerCase(Locale.ROOT).startsWith("application/json")) {
            JsonNode json = json(body);
            return of(json.path("text").isTextual() ? json.path("text").asText() : null, null,
                    query != null ? query : blankToNull(json.path("graph").asText(null)));
        }
        List<MultipartForm.Part> parts = MultipartForm.parse(body, MultipartForm.boundary(ctx.contentType()));
        AnalysisRequest image = MultipartForm.find(parts, "image").map(part -> {
            if (part.content().length > uploads.maxImageBytes()) {
                throw HttpProblem.tooLarge("the image is " + part.content().length + " bytes; uploads are limited to "
                        + uploads.maxImageBytes() + " bytes");
            }
            return AnalysisRequest.upload(part.content(),
                    part.filename() == null || part.filename().isBlank() ? "upload" : part.filename());
        }).orElse(null);
        String graph = query != null ? query : field(parts, "graph").orElse(null);
        return of(field(parts, "text").orElse(null), image, graph);
    }

    private static MessageRequest of(String text, AnalysisRequest image, String graph) {
        if (text == null || text.isBlank()) {
            throw HttpProblem.badRequest("the message has no text: send {\"text\": \"what you want to ask\"} "
                    + "(or a multipart text field)");
        }
        return new MessageRequest(text, image, graph);
    }

    private static Optional<String> field(List<MultipartForm.Part> parts, String name) {
        return MultipartForm.find(parts, name).map(part -> new String(part.content(), StandardCharsets.UTF_8))
                .map(MessageRequest::blankToNull);
    }

    private static JsonNode json(byte[] body) {
        try {
            JsonNode json = JSON.readTree(body);
            if (json == null || !json.isObject()) {
                throw HttpProblem.badRequest("the body must be a JSON object: {\"text\": \"what you want to ask\"}");
            }
            return json;
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw HttpProblem.badRequest("the body is not JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw HttpProblem.badRequest("the body could not be read: " + e.getMessage());
        }
    }

    private static String blankToNull(String text) {
        return text == null || text.isBlank() ? null : text;
    }
}
