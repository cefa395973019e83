package dev.loupe.server;

import java.nio.file.Path;

/**
 * What a client asked to analyse: uploaded bytes under a name, or a file on the server's disk
 * (allowed only inside the configured root, which {@link dev.loupe.image.ImageLoader} enforces).
 *
 * @param bytes the upload, or null for a path
 * @param name  the upload's file name as the client gave it, for messages
 * @param path  the file to read, or null for an upload
 */
record AnalysisRequest(byte[] bytes, String name, Path path) {

    static AnalysisRequest upload(byte[] bytes, String name) {
        return new AnalysisRequest(bytes, name, null);
    }

    static AnalysisRequest file(Path path) {
        return new AnalysisRequest(null, path.toString(), path);
    }

    boolean isUpload() {
        return bytes != null;
    }
}
