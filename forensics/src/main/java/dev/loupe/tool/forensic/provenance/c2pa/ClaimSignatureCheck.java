package dev.loupe.tool.forensic.provenance.c2pa;

import dev.loupe.tool.forensic.provenance.c2pa.cose.CoseAlgorithm;
import dev.loupe.tool.forensic.provenance.c2pa.cose.CoseException;
import dev.loupe.tool.forensic.provenance.c2pa.cose.CoseSign1;
import dev.loupe.tool.forensic.provenance.c2pa.trust.CertificateProfile;
import dev.loupe.tool.forensic.provenance.c2pa.trust.OcspCheck;
import dev.loupe.tool.forensic.provenance.c2pa.trust.SignerChain;
import dev.loupe.tool.forensic.provenance.c2pa.trust.TimeStampCheck;
import dev.loupe.tool.forensic.provenance.c2pa.trust.TrustAnchors;

import java.security.GeneralSecurityException;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static dev.loupe.tool.forensic.provenance.c2pa.ValidationStatus.*;

/**
 * The claim signature of one manifest, in the order the specification validates it: the COSE
 * structure and algorithm, the signature over the claim, the time stamp that fixes the signing
 * time, the signing certificate's profile and validity at that time, revocation from embedded
 * responses, and the chain to a trust anchor.
 */
final class ClaimSignatureCheck {

    private final TrustAnchors anchors;
    private final Instant now;

    ClaimSignatureCheck(TrustAnchors anchors, Instant now) {
        this.anchors = anchors;
        this.now = now;
    }

    /** Adds the signature's statuses to {@code out}; returns the signer when a certificate decoded. */
    Optional<SignerInfo> check(byte[] claim, byte[] coseBytes, String url, List<ValidationStatus> out) {
        CoseSign1 cose;
        try {
            cose = CoseSign1.decode(coseBytes);
        } catch (CoseException e) {
            out.add(new ValidationStatus(CLAIM_SIGNATURE_MISMATCH, url, "the signature is not a COSE_Sign1: " + e.getMessage()));
            return Optional.empty();
        }
        Optional<CoseAlgorithm> algorithm = cose.knownAlgorithm();
        if (algorithm.isEmpty()) {
            out.add(new ValidationStatus(ALGORITHM_UNSUPPORTED, url, "COSE algorithm " + cose.algorithm() + " is not one C2PA allows"));
            return Optional.empty();
        }
        SignerChain chain;
        try {
            chain = SignerChain.decode(cose.x5chain());
        } catch (GeneralSecurityException | RuntimeException e) {
            out.add(new ValidationStatus(SIGNING_CREDENTIAL_INVALID, url, "the signer's certificates do not decode: " + e.getMessage()));
            return Optional.empty();
        }
        X509Certificate leaf = chain.leaf();
        boolean signatureValid = algorithm.get().verify(leaf.getPublicKey(), cose.toBeSigned(claim), cose.signature());

        // The time stamp first: it decides the time the certificate is judged at.
        Optional<TimeStampCheck.Outcome> stamp = timeStamp(cose, claim);
        Instant signedAt = stamp.filter(TimeStampCheck.Outcome::validated).map(TimeStampCheck.Outcome::time).orElse(now);
        stamp.ifPresent(s -> {
            out.add(new ValidationStatus(s.code(), url, s.detail()));
            if (s.validated()) {
                boolean trusted = s.authority() != null && new SignerChain(List.of(s.authority())).untrustedBecause(anchors, s.time()).isEmpty();
                out.add(new ValidationStatus(trusted ? TIME_STAMP_TRUSTED : TIME_STAMP_UNTRUSTED, url,
                        "time-stamping authority " + SignerChain.name(s.authority()) + (trusted ? " is" : " is not") + " on the trust list"));
            }
        });
        Optional<String> outside = chain.outsideValidity(signedAt);
        if (signatureValid && outside.isEmpty()) {
            out.add(new ValidationStatus(CLAIM_SIGNATURE_VALIDATED, url, algorithm.get() + " signature over the claim verifies"));
            out.add(new ValidationStatus(CLAIM_SIGNATURE_INSIDE_VALIDITY, url, "signed within the certificate's validity"));
        } else if (signatureValid) {
            // The specification rejects a signature made outside its certificate's validity, however
            // sound its bytes: the expiry below says why, and no validated status is given.
        } else {
            out.add(new ValidationStatus(CLAIM_SIGNATURE_MISMATCH, url, "the " + algorithm.get()
                    + " signature does not verify over the claim: the claim or its signature changed after signing"));
        }
        CertificateProfile.problem(leaf).ifPresent(problem ->
                out.add(new ValidationStatus(SIGNING_CREDENTIAL_INVALID, url, "the signing certificate breaks the C2PA profile: " + problem)));
        outside.ifPresent(why -> out.add(new ValidationStatus(SIGNING_CREDENTIAL_EXPIRED, url, why + (signatureValid
                ? "; the signature's bytes verify, but a certificate outside its validity cannot vouch for them" : "") + " (checked at "
                + signedAt + ", the " + (stamp.filter(TimeStampCheck.Outcome::validated).isPresent() ? "time stamp" : "validation time") + ")")));
        Optional<OcspCheck.Outcome> revocation = OcspCheck.check(cose.ocspResponses(), chain, signedAt);
        out.add(revocation.map(r -> new ValidationStatus(r.code(), url, r.detail()))
                .orElse(new ValidationStatus(OCSP_SKIPPED, url, "no embedded OCSP response answers for the signer; Loupe fetches none")));
        Optional<String> untrusted = chain.untrustedBecause(anchors, signedAt);
        out.add(untrusted.isEmpty()
                ? new ValidationStatus(SIGNING_CREDENTIAL_TRUSTED, url, "the signer chains to an anchor of " + String.join(", ", anchors.sources()))
                : new ValidationStatus(SIGNING_CREDENTIAL_UNTRUSTED, url, "the signer does not chain to a trust anchor: " + untrusted.get()));
        return Optional.of(new SignerInfo(SignerChain.name(leaf), SignerChain.organization(leaf), SignerChain.issuerName(leaf),
                algorithm.get().name(), leaf.getNotBefore().toInstant(), leaf.getNotAfter().toInstant(), signedAt,
                stamp.filter(TimeStampCheck.Outcome::validated).isPresent() ? "time stamp" : "validation time"));
    }

    /**
     * The first token that validates, else the first token's failure. {@code sigTst2} (claim v2)
     * stamps the signature, written as a CBOR byte string; {@code sigTst} (v1) stamps the claim.
     */
    private static Optional<TimeStampCheck.Outcome> timeStamp(CoseSign1 cose, byte[] claim) {
        TimeStampCheck.Outcome first = null;
        byte[] signatureAsCbor = CoseSign1.byteString(cose.signature());
        for (var tokens : List.of(Map.entry(cose.timeStampsV2(), signatureAsCbor), Map.entry(cose.timeStamps(), claim))) {
            for (byte[] token : tokens.getKey()) {
                TimeStampCheck.Outcome outcome = TimeStampCheck.check(token, cose.timeStampedData(tokens.getValue()));
                if (outcome.validated()) {
                    return Optional.of(outcome);
                }
                first = first == null ? outcome : first;
            }
        }
        return Optional.ofNullable(first);
    }
}
