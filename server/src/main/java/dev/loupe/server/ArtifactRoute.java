package dev.loupe.server;

import dev.loupe.checkpoint.ArtifactStore;
import dev.loupe.image.FormatSniffer;
import dev.loupe.image.ImageFormat;
import io.javalin.http.Context;

import java.util.Optional;

/**
 * {@code GET /v1/artifacts/{sha256}}: bytes from the artefact store the served graphs share — the
 * analysed image and the pictures and results tools produced, which results name by SHA-256. The
 * hash must be 64 lower-case hex digits; anything else is refused before the store is asked.
 */
final class ArtifactRoute {

    private final Graphs graphs;

    ArtifactRoute(Graphs graphs) {
        this.graphs = graphs;
    }

    void handle(Context ctx) {
        String sha256 = ctx.pathParam("sha256");
        try {
            ArtifactStore.requireSha256(sha256);
        } catch (IllegalArgumentException e) {
            throw HttpProblem.badRequest("an artefact is named by 64 lower-case hex digits (its SHA-256); got "
                    + (sha256.length() > 80 ? sha256.substring(0, 80) + "…" : sha256));
        }
        byte[] bytes = graphs.defaultGraph().threads().artifact(sha256)
                .orElseThrow(() -> HttpProblem.notFound("no artefact " + sha256 + " in the store"));
        // Content-addressed bytes never change, so a browser may keep them; the type is sniffed here,
        // never by the browser.
        ctx.header("Cache-Control", "private, max-age=31536000, immutable");
        ctx.header("X-Content-Type-Options", "nosniff");
        ctx.contentType(typeOf(bytes)).result(bytes);
    }

    /** The media type from the first bytes: the store keeps images, PNG pictures and JSON tool results. */
    static String typeOf(byte[] bytes) {
        Optional<ImageFormat> image = FormatSniffer.sniff(bytes);
        if (image.isPresent()) {
            return image.get().mimeType();
        }
        if (startsWith(bytes, '{') || startsWith(bytes, '[')) {
            return "application/json";
        }
        return "application/octet-stream";
    }

    private static boolean startsWith(byte[] bytes, int... prefix) {
        if (bytes.length < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if ((bytes[i] & 0xFF) != prefix[i]) {
                return false;
            }
        }
        return true;
    }
}
