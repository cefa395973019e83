package dev.loupe.tool.forensic.provenance.c2pa.trust;

import dev.loupe.tool.forensic.provenance.c2pa.cose.CoseAlgorithm;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.cert.ocsp.BasicOCSPRespBuilder;
import org.bouncycastle.cert.ocsp.CertificateID;
import org.bouncycastle.cert.ocsp.CertificateStatus;
import org.bouncycastle.cert.ocsp.OCSPResp;
import org.bouncycastle.cert.ocsp.OCSPRespBuilder;
import org.bouncycastle.cert.ocsp.RespID;
import org.bouncycastle.cert.ocsp.RevokedStatus;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.bouncycastle.operator.jcajce.JcaDigestCalculatorProviderBuilder;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The signer checks on certificates, OCSP responses and signatures made here with real keys (a
 * root and leaves of every shape the C2PA profile tells apart), so each rule is seen to refuse.
 */
class SigningCredentialChecksTest {

    private static final Instant NOW = Instant.parse("2026-06-01T00:00:00Z");
    private static final KeyPair ROOT_KEY = ecKey();
    private static final X509Certificate ROOT = certificate("Test Root", ROOT_KEY, "Test Root", ROOT_KEY, true, null, true);

    @Test
    void a_leaf_with_digital_signature_and_document_signing_keeps_the_profile() {
        X509Certificate leaf = leaf(KeyPurposeId.id_kp_emailProtection, true);

        assertEquals(Optional.empty(), CertificateProfile.problem(leaf));
    }

    @Test
    void each_broken_rule_is_named() {
        assertEquals(Optional.of("key usage lacks digitalSignature"), CertificateProfile.problem(ROOT));
        assertEquals(Optional.of("no extended key usage"), CertificateProfile.problem(leaf(null, true)));
        assertEquals(Optional.of("extended key usage includes anyExtendedKeyUsage"),
                CertificateProfile.problem(leaf(KeyPurposeId.anyExtendedKeyUsage, true)));
        assertEquals(Optional.of("no critical key usage extension"), CertificateProfile.problem(leaf(KeyPurposeId.id_kp_emailProtection, false)));
        assertTrue(CertificateProfile.problem(leaf(KeyPurposeId.id_kp_serverAuth, true)).orElseThrow()
                .startsWith("extended key usage names no C2PA signing purpose"));
    }

    @Test
    void a_leaf_chains_to_its_root_only_when_that_root_is_an_anchor_and_only_inside_its_validity() {
        SignerChain chain = new SignerChain(List.of(leaf(KeyPurposeId.id_kp_emailProtection, true)));
        KeyPair otherKey = ecKey();
        TrustAnchors other = TrustAnchors.none().plus(List.of(certificate("Other Root", otherKey, "Other Root", otherKey, true, null, true)), "other");

        assertEquals(Optional.empty(), chain.untrustedBecause(TrustAnchors.none().plus(List.of(ROOT), "root"), NOW));
        assertTrue(chain.untrustedBecause(other, NOW).isPresent());
        assertEquals(Optional.of("no trust anchors are configured"), chain.untrustedBecause(TrustAnchors.none(), NOW));
        assertTrue(chain.outsideValidity(NOW.plus(Duration.ofDays(800))).orElseThrow().contains("expired on"));
        assertTrue(chain.untrustedBecause(TrustAnchors.none().plus(List.of(ROOT), "root"), NOW.plus(Duration.ofDays(800))).isPresent());
    }

    @Test
    void an_embedded_ocsp_response_from_the_issuer_revokes_or_clears_the_signer() throws Exception {
        X509Certificate leaf = leaf(KeyPurposeId.id_kp_emailProtection, true);
        SignerChain chain = new SignerChain(List.of(leaf, ROOT));
        Instant revokedAt = NOW.minus(Duration.ofDays(1));

        assertEquals("signingCredential.revoked", OcspCheck.check(List.of(ocsp(leaf, new RevokedStatus(Date.from(revokedAt), 1), ROOT_KEY)),
                chain, NOW).orElseThrow().code());
        assertEquals("signingCredential.ocsp.notRevoked", OcspCheck.check(List.of(ocsp(leaf, CertificateStatus.GOOD, ROOT_KEY)),
                chain, NOW).orElseThrow().code());
        assertEquals("signingCredential.ocsp.notRevoked", OcspCheck.check(List.of(ocsp(leaf, new RevokedStatus(Date.from(revokedAt), 1), ROOT_KEY)),
                chain, revokedAt.minus(Duration.ofDays(1))).orElseThrow().code(), "revoked after the signing time");
        assertEquals(Optional.empty(), OcspCheck.check(List.of(ocsp(leaf, CertificateStatus.GOOD, ecKey())), chain, NOW),
                "a response signed by a stranger proves nothing");
    }

    @Test
    void es256_verifies_r_s_signatures_and_refuses_der_ones() throws Exception {
        KeyPair key = ecKey();
        byte[] data = "claim".getBytes();
        Signature p1363 = Signature.getInstance("SHA256withECDSAinP1363Format");
        p1363.initSign(key.getPrivate());
        p1363.update(data);
        Signature der = Signature.getInstance("SHA256withECDSA");
        der.initSign(key.getPrivate());
        der.update(data);

        assertTrue(CoseAlgorithm.ES256.verify(key.getPublic(), data, p1363.sign()));
        assertFalse(CoseAlgorithm.ES256.verify(key.getPublic(), data, der.sign()));
        assertFalse(CoseAlgorithm.ED25519.verify(key.getPublic(), data, p1363.sign()), "a key of another kind fails, never throws");
    }

    private static byte[] ocsp(X509Certificate leaf, CertificateStatus status, KeyPair responder) throws Exception {
        CertificateID id = new CertificateID(new JcaDigestCalculatorProviderBuilder().build().get(CertificateID.HASH_SHA1),
                new JcaX509CertificateHolder(ROOT), leaf.getSerialNumber());
        BasicOCSPRespBuilder builder = new BasicOCSPRespBuilder(new RespID(new X500Name("CN=Test Root")));
        builder.addResponse(id, status);
        var basic = builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(responder.getPrivate()),
                new X509CertificateHolder[0], Date.from(NOW));
        return new OCSPRespBuilder().build(OCSPRespBuilder.SUCCESSFUL, basic).getEncoded();
    }

    private static X509Certificate leaf(KeyPurposeId purpose, boolean criticalKeyUsage) {
        return certificate("Test Signer", ecKey(), "Test Root", ROOT_KEY, false, purpose, criticalKeyUsage);
    }

    private static X509Certificate certificate(String subject, KeyPair key, String issuer, KeyPair issuerKey, boolean ca,
                                               KeyPurposeId purpose, boolean criticalKeyUsage) {
        try {
            var builder = new JcaX509v3CertificateBuilder(new X500Name("CN=" + issuer), BigInteger.valueOf(subject.hashCode() & 0xFFFFFF),
                    Date.from(NOW.minus(Duration.ofDays(30))), Date.from(NOW.plus(Duration.ofDays(365))), new X500Name("CN=" + subject),
                    key.getPublic());
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(ca));
            builder.addExtension(Extension.keyUsage, criticalKeyUsage,
                    new KeyUsage(ca ? KeyUsage.keyCertSign | KeyUsage.cRLSign : KeyUsage.digitalSignature));
            if (purpose != null) {
                builder.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(purpose));
            }
            return new JcaX509CertificateConverter().getCertificate(
                    builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(issuerKey.getPrivate())));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static KeyPair ecKey() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(256);
            return generator.generateKeyPair();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
