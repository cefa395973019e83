package dev.loupe.kb;

import dev.langchain4j.data.document.Metadata;
import dev.langchain4j.data.segment.TextSegment;

/** The metadata keys every stored chunk carries, and reading them back. */
public final class Chunks {

    /** The file the chunk came from (an absolute path or {@code bundled:NAME}). */
    public static final String SOURCE = "source";
    /** Where in the file: a section and paragraph, a time range, a part. */
    public static final String POSITION = "position";
    /** The SHA-256 of the file the chunk came from. */
    public static final String FILE_SHA256 = "file_sha256";

    private Chunks() {
    }

    public static TextSegment of(String text, String source, String position, String sha256) {
        Metadata metadata = new Metadata().put(SOURCE, source).put(POSITION, position).put(FILE_SHA256, sha256);
        return TextSegment.from(text, metadata);
    }

    public static Passage passage(TextSegment segment, double score) {
        Metadata metadata = segment.metadata();
        return new Passage(segment.text(), String.valueOf(metadata.getString(SOURCE)),
                String.valueOf(metadata.getString(POSITION)), score);
    }
}
