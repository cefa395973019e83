package dev.loupe.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.loupe.core.LoupeVersion;
import io.javalin.http.Context;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The service's OpenAPI 3.1 contract, served at {@code GET /openapi.json}. It is written by hand in
 * {@code openapi.yaml} beside this class — readable in review, the one source client generators
 * read — and held to the registered routes, problem types and stream events by a test.
 */
public final class ApiDocument {

    /** Where the document is served. */
    public static final String PATH = "/openapi.json";
    private static final String RESOURCE = "openapi.yaml";

    private final String json;

    private ApiDocument(ObjectNode document) {
        this.json = document.toString();
    }

    /** The bundled document, its {@code info.version} set to this build's version. */
    public static ApiDocument load() {
        return new ApiDocument(read());
    }

    /** The document as the server sends it. */
    public String json() {
        return json;
    }

    void serve(Context ctx) {
        ctx.contentType("application/json").result(json);
    }

    private static ObjectNode read() {
        try (InputStream in = ApiDocument.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the class path beside " + ApiDocument.class.getName());
            }
            ObjectNode document = (ObjectNode) new ObjectMapper(new YAMLFactory()).readTree(in);
            ((ObjectNode) document.path("info")).put("version", LoupeVersion.get());
            return document;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the bundled " + RESOURCE, e);
        }
    }
}
