package dev.loupe.tool.forensic.provenance.c2pa;

import java.util.Set;

/**
 * One validation status as the C2PA specification names it (section "Validation", status codes),
 * with the JUMBF URI of what it is about and a sentence for the examiner.
 *
 * @param code        the specification's code, such as {@code claimSignature.validated}
 * @param url         the JUMBF URI of the checked part ({@code self#jumbf=/c2pa/…}), or null
 * @param explanation what was checked or what failed, in words
 */
public record ValidationStatus(String code, String url, String explanation) {

    public static final String CLAIM_MISSING = "claim.missing";
    public static final String CLAIM_MALFORMED = "claim.malformed";
    public static final String CLAIM_SIGNATURE_MISSING = "claimSignature.missing";
    public static final String CLAIM_SIGNATURE_VALIDATED = "claimSignature.validated";
    public static final String CLAIM_SIGNATURE_MISMATCH = "claimSignature.mismatch";
    public static final String CLAIM_SIGNATURE_INSIDE_VALIDITY = "claimSignature.insideValidity";
    public static final String ALGORITHM_UNSUPPORTED = "algorithm.unsupported";
    public static final String SIGNING_CREDENTIAL_TRUSTED = "signingCredential.trusted";
    public static final String SIGNING_CREDENTIAL_UNTRUSTED = "signingCredential.untrusted";
    public static final String SIGNING_CREDENTIAL_INVALID = "signingCredential.invalid";
    public static final String SIGNING_CREDENTIAL_EXPIRED = "signingCredential.expired";
    public static final String SIGNING_CREDENTIAL_REVOKED = "signingCredential.revoked";
    public static final String OCSP_NOT_REVOKED = "signingCredential.ocsp.notRevoked";
    public static final String OCSP_SKIPPED = "signingCredential.ocsp.skipped";
    public static final String TIME_STAMP_VALIDATED = "timeStamp.validated";
    public static final String TIME_STAMP_TRUSTED = "timeStamp.trusted";
    public static final String TIME_STAMP_UNTRUSTED = "timeStamp.untrusted";
    public static final String TIME_STAMP_MISMATCH = "timeStamp.mismatch";
    public static final String TIME_STAMP_MALFORMED = "timeStamp.malformed";
    public static final String HASHED_URI_MATCH = "assertion.hashedURI.match";
    public static final String HASHED_URI_MISMATCH = "assertion.hashedURI.mismatch";
    public static final String ASSERTION_MISSING = "assertion.missing";
    public static final String DATA_HASH_MATCH = "assertion.dataHash.match";
    public static final String DATA_HASH_MISMATCH = "assertion.dataHash.mismatch";
    public static final String DATA_HASH_MALFORMED = "assertion.dataHash.malformed";
    public static final String HARD_BINDINGS_MISSING = "claim.hardBindings.missing";
    /**
     * Not a specification code: the reference SDK's for a manifest written before C2PA 1.0, whose
     * format the specification does not describe (its assertion hashes cover the data alone).
     */
    public static final String PRERELEASE = "com.adobe.prerelease";

    private static final Set<String> SUCCESS = Set.of(CLAIM_SIGNATURE_VALIDATED, CLAIM_SIGNATURE_INSIDE_VALIDITY,
            SIGNING_CREDENTIAL_TRUSTED, OCSP_NOT_REVOKED, TIME_STAMP_VALIDATED, TIME_STAMP_TRUSTED, HASHED_URI_MATCH,
            DATA_HASH_MATCH);
    /** Reported and shown, but they do not make a manifest invalid (as the reference SDK files them). */
    private static final Set<String> INFORMATIONAL = Set.of(OCSP_SKIPPED, TIME_STAMP_UNTRUSTED, TIME_STAMP_MISMATCH,
            TIME_STAMP_MALFORMED);

    /** The specification's three kinds of status. */
    public enum Kind { SUCCESS, INFORMATIONAL, FAILURE }

    public Kind kind() {
        return SUCCESS.contains(code) ? Kind.SUCCESS : INFORMATIONAL.contains(code) ? Kind.INFORMATIONAL : Kind.FAILURE;
    }

    public boolean isFailure() {
        return kind() == Kind.FAILURE;
    }
}
