package dev.loupe.tool.forensic.provenance.c2pa;

/** The C2PA store's bytes do not form the structure they claim; the message says where. */
public final class MalformedStoreException extends Exception {

    public MalformedStoreException(String message) {
        super(message);
    }
}
