package dev.loupe.server;

import dev.loupe.core.LoupeException;

/**
 * Every kind of problem the service answers with, one row each: its URI, HTTP status and title.
 * The OpenAPI document ({@code /openapi.json}) describes the same rows, one response each, and a
 * test holds the two together.
 */
public enum ProblemType {

    BAD_INPUT("bad-input", LoupeException.Kind.BAD_INPUT.httpStatus(), "The input cannot be analysed"),
    UNAUTHORIZED("unauthorized", 401, "Unauthorized"),
    NOT_FOUND("not-found", 404, "Not found"),
    CONFLICT("conflict", LoupeException.Kind.CONFLICT.httpStatus(), "The thread id is taken"),
    TOO_LARGE("too-large", 413, "The upload is too large"),
    UNSUPPORTED_MEDIA_TYPE("unsupported-media-type", 415, "Unsupported media type"),
    BUSY("busy", 429, "Too many analyses"),
    INTERNAL("internal", LoupeException.Kind.INTERNAL.httpStatus(), "Internal error"),
    UNAVAILABLE("unavailable", LoupeException.Kind.UNAVAILABLE.httpStatus(), "A model or service is unavailable"),
    TIMEOUT("timeout", 504, "The request took too long");

    private static final String PREFIX = "urn:loupe:problem:";

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
