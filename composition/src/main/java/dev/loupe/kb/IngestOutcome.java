package dev.loupe.kb;

/**
 * What ingest did with one file.
 *
 * @param chunks the file's passages now in the collection (0 when removed or failed)
 * @param error  why the file was not ingested, one line; null unless {@code FAILED}
 */
public record IngestOutcome(String source, Kind kind, int chunks, String error) {

    /** What happened to the file. */
    public enum Kind {
        /** New to the collection: embedded. */
        ADDED,
        /** Changed since it was embedded: embedded again, its old passages replaced. */
        UPDATED,
        /** Same bytes as when it was embedded: left as it was. */
        UNCHANGED,
        /** Gone from its folder: its passages removed. */
        REMOVED,
        /** Not ingested: see {@code error}. */
        FAILED
    }

    public static IngestOutcome failed(String source, String error) {
        return new IngestOutcome(source, Kind.FAILED, 0, error);
    }
}
