package dev.loupe.tool.forensic.provenance.c2pa.trust;

import java.security.cert.CertificateParsingException;
import java.security.cert.X509Certificate;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The C2PA certificate profile of a claim-signing (end-entity) certificate: X.509 v3; a signature
 * algorithm C2PA allows; key usage present and critical with digitalSignature; not a CA;
 * extended key usage present, without anyExtendedKeyUsage, naming a purpose C2PA accepts for
 * signing claims, and with time stamping or OCSP signing only as a certificate's sole purpose;
 * an RSA key of 2048 bits or more, or an EC key on P-256, P-384 or P-521.
 */
public final class CertificateProfile {

    private static final String ANY_EKU = "2.5.29.37.0";
    private static final String EMAIL_PROTECTION = "1.3.6.1.5.5.7.3.4";
    private static final String DOCUMENT_SIGNING = "1.3.6.1.5.5.7.3.36";
    private static final String C2PA_CLAIM_SIGNING = "1.3.6.1.4.1.62558.2.1";
    private static final String TIME_STAMPING = "1.3.6.1.5.5.7.3.8";
    private static final String OCSP_SIGNING = "1.3.6.1.5.5.7.3.9";
    private static final Set<String> SIGNING_PURPOSES = Set.of(EMAIL_PROTECTION, DOCUMENT_SIGNING, C2PA_CLAIM_SIGNING);
    /** ecdsa-with-SHA256/384/512, sha256/384/512WithRSAEncryption, RSASSA-PSS, Ed25519. */
    private static final Set<String> SIGNATURE_ALGORITHMS = Set.of("1.2.840.10045.4.3.2", "1.2.840.10045.4.3.3",
            "1.2.840.10045.4.3.4", "1.2.840.113549.1.1.11", "1.2.840.113549.1.1.12", "1.2.840.113549.1.1.13",
            "1.2.840.113549.1.1.10", "1.3.101.112");
    private static final String KEY_USAGE = "2.5.29.15";
    private static final int DIGITAL_SIGNATURE = 0;
    private static final int KEY_CERT_SIGN = 5;

    private CertificateProfile() {
    }

    /** Why the certificate breaks the profile, or empty when it keeps it. */
    public static Optional<String> problem(X509Certificate certificate) {
        if (certificate.getVersion() != 3) {
            return Optional.of("not an X.509 v3 certificate");
        }
        if (!SIGNATURE_ALGORITHMS.contains(certificate.getSigAlgOID())) {
            return Optional.of("signed with " + certificate.getSigAlgName() + ", which C2PA does not allow");
        }
        boolean[] usage = certificate.getKeyUsage();
        if (usage == null || !certificate.getCriticalExtensionOIDs().contains(KEY_USAGE)) {
            return Optional.of("no critical key usage extension");
        }
        if (!usage[DIGITAL_SIGNATURE]) {
            return Optional.of("key usage lacks digitalSignature");
        }
        if (certificate.getBasicConstraints() >= 0 || (usage.length > KEY_CERT_SIGN && usage[KEY_CERT_SIGN])) {
            return Optional.of("a CA certificate signs the claim");
        }
        return extendedKeyUsage(certificate).or(() -> key(certificate));
    }

    private static Optional<String> extendedKeyUsage(X509Certificate certificate) {
        List<String> purposes;
        try {
            purposes = certificate.getExtendedKeyUsage();
        } catch (CertificateParsingException e) {
            return Optional.of("extended key usage does not decode");
        }
        if (purposes == null || purposes.isEmpty()) {
            return Optional.of("no extended key usage");
        }
        if (purposes.contains(ANY_EKU)) {
            return Optional.of("extended key usage includes anyExtendedKeyUsage");
        }
        if (purposes.size() > 1 && (purposes.contains(TIME_STAMPING) || purposes.contains(OCSP_SIGNING))) {
            return Optional.of("time stamping or OCSP signing alongside other purposes");
        }
        if (purposes.stream().noneMatch(SIGNING_PURPOSES::contains)) {
            return Optional.of("extended key usage names no C2PA signing purpose " + purposes);
        }
        return Optional.empty();
    }

    private static Optional<String> key(X509Certificate certificate) {
        if (certificate.getPublicKey() instanceof RSAPublicKey rsa && rsa.getModulus().bitLength() < 2048) {
            return Optional.of("RSA key of " + rsa.getModulus().bitLength() + " bits, fewer than 2048");
        }
        if (certificate.getPublicKey() instanceof ECPublicKey ec) {
            int bits = ec.getParams().getCurve().getField().getFieldSize();
            if (bits != 256 && bits != 384 && bits != 521) {
                return Optional.of("EC key on a " + bits + "-bit curve, not P-256, P-384 or P-521");
            }
        }
        return Optional.empty();
    }
}
