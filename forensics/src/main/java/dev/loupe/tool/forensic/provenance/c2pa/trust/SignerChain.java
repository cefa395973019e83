package dev.loupe.tool.forensic.provenance.c2pa.trust;

import java.io.ByteArrayInputStream;
import java.security.GeneralSecurityException;
import java.security.cert.CertPath;
import java.security.cert.CertPathValidator;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateFactory;
import java.security.cert.CertificateNotYetValidException;
import java.security.cert.PKIXParameters;
import java.security.cert.TrustAnchor;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The signer's certificates as the COSE x5chain carries them (leaf first), and the checks on them
 * at the signing time: each certificate's validity, and a PKIX path from the leaf to a trust
 * anchor. Revocation is checked apart, from responses embedded in the signature, never fetched.
 *
 * @param certificates leaf first
 */
public record SignerChain(List<X509Certificate> certificates) {

    public SignerChain {
        certificates = List.copyOf(certificates);
        if (certificates.isEmpty()) {
            throw new IllegalArgumentException("a signer chain needs at least the signing certificate");
        }
    }

    /**
     * Decodes DER certificates.
     *
     * @throws GeneralSecurityException when one does not decode as X.509
     */
    public static SignerChain decode(List<byte[]> der) throws GeneralSecurityException {
        if (der.isEmpty()) {
            throw new GeneralSecurityException("the signature carries no certificate (x5chain)");
        }
        CertificateFactory factory = CertificateFactory.getInstance("X.509");
        List<X509Certificate> list = new ArrayList<>();
        for (byte[] bytes : der) {
            list.add((X509Certificate) factory.generateCertificate(new ByteArrayInputStream(bytes)));
        }
        return new SignerChain(list);
    }

    public X509Certificate leaf() {
        return certificates.get(0);
    }

    /** Which certificate is outside its validity at {@code time}, or empty when all are inside. */
    public Optional<String> outsideValidity(Instant time) {
        for (X509Certificate certificate : certificates) {
            try {
                certificate.checkValidity(Date.from(time));
            } catch (CertificateExpiredException e) {
                return Optional.of(name(certificate) + " expired on " + certificate.getNotAfter().toInstant());
            } catch (CertificateNotYetValidException e) {
                return Optional.of(name(certificate) + " is not valid before " + certificate.getNotBefore().toInstant());
            }
        }
        return Optional.empty();
    }

    /**
     * Why no path leads from the leaf to an anchor at {@code time}, or empty when one does. A leaf
     * that is itself an anchor (an end-entity certificate on the list) is trusted as it stands.
     */
    public Optional<String> untrustedBecause(TrustAnchors anchors, Instant time) {
        if (anchors.isEmpty()) {
            return Optional.of("no trust anchors are configured");
        }
        if (anchors.certificates().contains(leaf())) {
            return outsideValidity(time);
        }
        Set<TrustAnchor> roots = new HashSet<>();
        for (X509Certificate anchor : anchors.certificates()) {
            roots.add(new TrustAnchor(anchor, null));
        }
        // The path runs up to, not including, the anchor; a chain that carries its root keeps it
        // out, so that PKIX starts from the configured anchor rather than from the signer's word.
        List<X509Certificate> path = new ArrayList<>();
        for (X509Certificate certificate : certificates) {
            if (anchors.certificates().contains(certificate)) {
                break;
            }
            path.add(certificate);
        }
        try {
            CertPath certPath = CertificateFactory.getInstance("X.509").generateCertPath(path);
            PKIXParameters parameters = new PKIXParameters(roots);
            parameters.setRevocationEnabled(false);
            parameters.setDate(Date.from(time));
            CertPathValidator.getInstance("PKIX").validate(certPath, parameters);
            return Optional.empty();
        } catch (GeneralSecurityException e) {
            return Optional.of(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        }
    }

    /** The subject's common name, else the whole subject. */
    public static String name(X509Certificate certificate) {
        return commonName(certificate.getSubjectX500Principal().getName());
    }

    /** The issuer's common name, else the whole issuer. */
    public static String issuerName(X509Certificate certificate) {
        return commonName(certificate.getIssuerX500Principal().getName());
    }

    private static String commonName(String distinguishedName) {
        for (String part : distinguishedName.split(",(?=\\s*[A-Za-z]+=)")) {
            if (part.strip().startsWith("CN=")) {
                return part.strip().substring(3);
            }
        }
        return distinguishedName;
    }

    /** The subject's organization, or null. */
    public static String organization(X509Certificate certificate) {
        for (String part : certificate.getSubjectX500Principal().getName().split(",(?=\\s*[A-Za-z]+=)")) {
            if (part.strip().startsWith("O=")) {
                return part.strip().substring(2);
            }
        }
        return null;
    }
}
