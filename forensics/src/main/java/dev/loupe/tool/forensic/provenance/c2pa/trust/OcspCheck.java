package dev.loupe.tool.forensic.provenance.c2pa.trust;

import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateHolder;
import org.bouncycastle.cert.ocsp.BasicOCSPResp;
import org.bouncycastle.cert.ocsp.CertificateID;
import org.bouncycastle.cert.ocsp.OCSPResp;
import org.bouncycastle.cert.ocsp.RevokedStatus;
import org.bouncycastle.cert.ocsp.SingleResp;
import org.bouncycastle.operator.jcajce.JcaContentVerifierProviderBuilder;
import org.bouncycastle.operator.jcajce.JcaDigestCalculatorProviderBuilder;

import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * An OCSP response the signer embedded in the signature ({@code rVals}), checked offline: it must
 * be signed by the issuer of the signing certificate or by a responder certificate the response
 * carries that the issuer signed, and name the signing certificate. Nothing is fetched.
 */
public final class OcspCheck {

    /**
     * What the response says.
     *
     * @param code   {@code signingCredential.revoked} or {@code signingCredential.ocsp.notRevoked}
     * @param detail the responder's word, or why the response was not usable
     */
    public record Outcome(String code, String detail) {
    }

    private OcspCheck() {
    }

    /** The first usable response's answer for the leaf, or empty when none answers for it. */
    public static Optional<Outcome> check(List<byte[]> responses, SignerChain chain, Instant signedAt) {
        if (chain.certificates().size() < 2) {
            return Optional.empty(); // without the issuer the certificate id cannot be formed
        }
        X509Certificate leaf = chain.leaf();
        X509Certificate issuer = chain.certificates().get(1);
        for (byte[] der : responses) {
            try {
                BasicOCSPResp basic = (BasicOCSPResp) new OCSPResp(der).getResponseObject();
                if (basic == null || !signedByIssuer(basic, issuer)) {
                    continue;
                }
                CertificateID id = new CertificateID(new JcaDigestCalculatorProviderBuilder().build()
                        .get(CertificateID.HASH_SHA1), new JcaX509CertificateHolder(issuer), leaf.getSerialNumber());
                for (SingleResp single : basic.getResponses()) {
                    if (!single.getCertID().equals(id)) {
                        continue;
                    }
                    if (single.getCertStatus() instanceof RevokedStatus revoked
                            && !revoked.getRevocationTime().toInstant().isAfter(signedAt)) {
                        return Optional.of(new Outcome("signingCredential.revoked",
                                "revoked on " + revoked.getRevocationTime().toInstant() + ", before the signing time"));
                    }
                    return Optional.of(new Outcome("signingCredential.ocsp.notRevoked",
                            "the embedded OCSP response of " + basic.getProducedAt().toInstant() + " does not revoke it"));
                }
            } catch (Exception e) {
                // Hostile or foreign DER: this response proves nothing; another may.
            }
        }
        return Optional.empty();
    }

    private static boolean signedByIssuer(BasicOCSPResp basic, X509Certificate issuer) throws Exception {
        JcaContentVerifierProviderBuilder verifiers = new JcaContentVerifierProviderBuilder();
        if (basic.isSignatureValid(verifiers.build(issuer))) {
            return true;
        }
        List<X509CertificateHolder> delegated = new ArrayList<>(List.of(basic.getCerts()));
        for (X509CertificateHolder responder : delegated) {
            if (responder.isSignatureValid(verifiers.build(issuer)) && basic.isSignatureValid(verifiers.build(responder))) {
                return true;
            }
        }
        return false;
    }
}
