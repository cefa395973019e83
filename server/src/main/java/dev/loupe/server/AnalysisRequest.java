package dev.loupe.server;

import java.nio.file.Path;

/**
 * What a client asked to analyse: uploaded bytes under a name, or a file on the server's disk
 * (allowed only inside the configured root, which {@link dev.loupe.image.ImageLoader} enforces).
 *
 * @param bytes the upload, or null for a path
 * @param name  the upload's file name, or the path, as the client gave it: messages name the file so, never by
 *              the server's own path
 * @param path  the file to read, or null for an upload
 */
record AnalysisRequest(byte[] bytes, String name, Path path) {

    static AnalysisRequest upload(byte[] bytes, String name) {
        return new AnalysisRequest(bytes, name, null);
    }

    /** The file at {@code path} on the server, which the client named {@code given} (relative to the allowed root). */
    static AnalysisRequest file(Path path, String given) {
        return new AnalysisRequest(null, given, path);
    }

    boolean isUpload() {
        return bytes != null;
    }
}
