package dev.loupe.server;

import dev.loupe.core.Conflict;
import dev.loupe.core.LoupeException;

/**
 * Every kind of problem the service answers with, one row each: its URI, HTTP status and title. A
 * conflict (409) has a row per {@link Conflict} cause, since a title must not change between
 * occurrences of one type (RFC 9457).
 * The OpenAPI document ({@code /openapi.json}) describes the same rows, one response each, and a
 * test holds the two together.
 */
public enum ProblemType {

    BAD_INPUT("bad-input", LoupeException.Kind.BAD_INPUT.httpStatus(), "The input cannot be analysed"),
    UNAUTHORIZED("unauthorized", 401, "Unauthorized"),
    UNKNOWN_HOST("unknown-host", 403, "The Host is not one this server answers to"),
    CROSS_ORIGIN("cross-origin", 403, "Cross-site request refused"),
    NOT_FOUND("not-found", 404, "Not found"),
    CONFLICT("conflict", LoupeException.Kind.CONFLICT.httpStatus(), "The thread id is taken"),
    OTHER_IMAGE("other-image", LoupeException.Kind.CONFLICT.httpStatus(), "The thread is about another image"),
    OTHER_CONFIGURATION("other-configuration", LoupeException.Kind.CONFLICT.httpStatus(),
            "The thread ran another configuration"),
    NOT_A_CONVERSATION("not-a-conversation", LoupeException.Kind.CONFLICT.httpStatus(), "The thread is not a conversation"),
    CONVERSATION_BUSY("conversation-busy", LoupeException.Kind.CONFLICT.httpStatus(),
            "The conversation is answering another message"),
    UPLOAD_TIMEOUT("upload-timeout", 408, "The upload took too long"),
    TOO_LARGE("too-large", 413, "The upload is too large"),
    UNSUPPORTED_MEDIA_TYPE("unsupported-media-type", 415, "Unsupported media type"),
    BUSY("busy", 429, "Too many analyses"),
    UPLOADS_BUSY("uploads-busy", 429, "Too many uploads at once"),
    INTERNAL("internal", LoupeException.Kind.INTERNAL.httpStatus(), "Internal error"),
    UNAVAILABLE("unavailable", LoupeException.Kind.UNAVAILABLE.httpStatus(), "A model or service is unavailable"),
    TIMEOUT("timeout", 504, "The request took too long");

    private static final String PREFIX = "urn:loupe:problem:";

    /** The problem of a conflict's cause; a conflict that names none is a taken id. */
    public static ProblemType of(Conflict conflict) {
        if (conflict == null) {
            return CONFLICT;
        }
        return switch (conflict) {
            case THREAD_TAKEN -> CONFLICT;
            case OTHER_IMAGE -> OTHER_IMAGE;
            case OTHER_CONFIGURATION -> OTHER_CONFIGURATION;
            case NOT_A_CONVERSATION -> NOT_A_CONVERSATION;
            case CONVERSATION_BUSY -> CONVERSATION_BUSY;
        };
    }

    private final String slug;
    private final int status;
    private final String title;

    ProblemType(String slug, int status, String title) {
        this.slug = slug;
        this.status = status;
        this.title = title;
    }

    /** The problem's {@code type} member, e.g. {@code urn:loupe:problem:too-large}. */
    public String uri() {
        return PREFIX + slug;
    }

    public int status() {
        return status;
    }

    public String title() {
        return title;
    }
}
