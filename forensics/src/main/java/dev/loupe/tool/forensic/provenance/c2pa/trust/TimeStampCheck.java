package dev.loupe.tool.forensic.provenance.c2pa.trust;

import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cms.CMSSignedData;
import org.bouncycastle.cms.jcajce.JcaSimpleSignerInfoVerifierBuilder;
import org.bouncycastle.tsp.TimeStampResponse;
import org.bouncycastle.tsp.TimeStampToken;

import java.security.MessageDigest;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;

/**
 * An RFC 3161 time-stamp token from a C2PA signature, checked offline: it decodes, its message
 * imprint is the hash of the time-stamped bytes, and the time-stamping authority's certificate in
 * the token verifies its signature. A token that passes fixes the signing time; whether its
 * authority is trusted is reported apart.
 */
public final class TimeStampCheck {

    /** SHA-2 digests by OID; C2PA time stamps use SHA-256 or stronger. */
    private static final Map<String, String> DIGESTS = Map.of("2.16.840.1.101.3.4.2.1", "SHA-256",
            "2.16.840.1.101.3.4.2.2", "SHA-384", "2.16.840.1.101.3.4.2.3", "SHA-512");

    /**
     * What one token says.
     *
     * @param code      {@code timeStamp.validated}, {@code timeStamp.mismatch} or {@code timeStamp.malformed}
     * @param time      the token's genTime, when validated
     * @param authority the time-stamping authority's certificate, when the token carries it
     * @param detail    what was checked or what failed
     */
    public record Outcome(String code, Instant time, X509Certificate authority, String detail) {

        public boolean validated() {
            return "timeStamp.validated".equals(code);
        }
    }

    private TimeStampCheck() {
    }

    /** Checks a token (a CMS SignedData, or a whole TimeStampResp) against the bytes it should stamp. */
    public static Outcome check(byte[] token, byte[] stamped) {
        TimeStampToken tst;
        try {
            tst = decode(token);
        } catch (Exception e) { // BC throws unchecked and checked exceptions alike on hostile DER
            return new Outcome("timeStamp.malformed", null, null, "the token does not decode (" + e.getClass().getSimpleName() + ")");
        }
        try {
            String digest = DIGESTS.get(tst.getTimeStampInfo().getMessageImprintAlgOID().getId());
            if (digest == null) {
                return new Outcome("timeStamp.mismatch", null, null, "unsupported imprint algorithm "
                        + tst.getTimeStampInfo().getMessageImprintAlgOID().getId());
            }
            byte[] expected = MessageDigest.getInstance(digest).digest(stamped);
            if (!MessageDigest.isEqual(expected, tst.getTimeStampInfo().getMessageImprintDigest())) {
                return new Outcome("timeStamp.mismatch", null, null, "the token's imprint is not the hash of the signed data");
            }
            @SuppressWarnings("unchecked")
            Collection<X509CertificateHolder> matches = tst.getCertificates().getMatches(tst.getSID());
            if (matches.isEmpty()) {
                return new Outcome("timeStamp.mismatch", null, null, "the token carries no certificate of its authority");
            }
            X509CertificateHolder holder = matches.iterator().next();
            // validate() checks the signature, the authority's timeStamping purpose and its validity at genTime.
            tst.validate(new JcaSimpleSignerInfoVerifierBuilder().build(holder));
            X509Certificate authority = new JcaX509CertificateConverter().getCertificate(holder);
            Instant time = tst.getTimeStampInfo().getGenTime().toInstant();
            return new Outcome("timeStamp.validated", time, authority, "time stamp by " + SignerChain.name(authority) + " at " + time);
        } catch (Exception e) {
            return new Outcome("timeStamp.mismatch", null, null, "the token does not verify (" + e.getClass().getSimpleName() + ")");
        }
    }

    private static TimeStampToken decode(byte[] token) throws Exception {
        try {
            return new TimeStampToken(new CMSSignedData(token));
        } catch (Exception notSignedData) {
            return Optional.ofNullable(new TimeStampResponse(token).getTimeStampToken())
                    .orElseThrow(() -> new IllegalArgumentException("a time-stamp response without a token"));
        }
    }
}
