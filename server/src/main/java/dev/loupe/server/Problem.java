package dev.loupe.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.nio.charset.StandardCharsets;

/**
 * An error as an RFC 9457 problem detail: what went wrong for this request, in words a client can
 * show, never a stack trace.
 *
 * @param type     a URI naming the kind of problem ({@code urn:loupe:problem:too-large})
 * @param title    the short summary of that kind
 * @param status   the HTTP status
 * @param detail   what happened to this request
 * @param instance the request path it happened on
 */
public record Problem(String type, String title, int status, String detail, String instance) {

    /** The media type of a problem. */
    public static final String CONTENT_TYPE = "application/problem+json";
    /** The {@code Content-Type} a problem is sent with: its media type, and the UTF-8 its bytes are in. */
    public static final String CONTENT_TYPE_UTF8 = CONTENT_TYPE + "; charset=utf-8";
    private static final ObjectMapper JSON = new ObjectMapper();

    public ObjectNode toJson() {
        ObjectNode node = JSON.createObjectNode();
        node.put("type", type);
        node.put("title", title);
        node.put("status", status);
        node.put("detail", detail);
        node.put("instance", instance);
        return node;
    }

    /** The problem's JSON as UTF-8 bytes, as it is sent. */
    public byte[] toBytes() {
        return toJson().toString().getBytes(StandardCharsets.UTF_8);
    }
}
