package dev.loupe.tool.forensic.provenance.c2pa;

import java.time.Instant;

/**
 * Who signed a claim, as the signing certificate says (never verified by this record alone: read
 * it with the statuses beside it).
 *
 * @param commonName   the subject's CN (or whole subject)
 * @param organization the subject's O, or null
 * @param issuer       the issuer's CN (or whole issuer)
 * @param algorithm    the COSE algorithm of the claim signature ({@code ES256} …)
 * @param notBefore    start of the certificate's validity
 * @param notAfter     end of the certificate's validity
 * @param signedAt     the signing time used for the checks
 * @param timeSource   {@code time stamp} when a verified RFC 3161 token fixed it, else {@code validation time}
 */
public record SignerInfo(String commonName, String organization, String issuer, String algorithm,
                         Instant notBefore, Instant notAfter, Instant signedAt, String timeSource) {
}
