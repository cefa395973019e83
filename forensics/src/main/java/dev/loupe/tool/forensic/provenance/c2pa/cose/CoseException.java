package dev.loupe.tool.forensic.provenance.c2pa.cose;

/** A COSE structure that does not decode as RFC 9052 and C2PA describe it; the message says why. */
public final class CoseException extends Exception {

    public CoseException(String message) {
        super(message);
    }

    public CoseException(String message, Throwable cause) {
        super(message, cause);
    }
}
