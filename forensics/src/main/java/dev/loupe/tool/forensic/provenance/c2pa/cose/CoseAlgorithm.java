package dev.loupe.tool.forensic.provenance.c2pa.cose;

import java.security.GeneralSecurityException;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PSSParameterSpec;
import java.util.Arrays;
import java.util.Optional;

/**
 * The signature algorithms C2PA allows for claim signatures, by their COSE identifiers, each
 * verified with the JDK's providers. ECDSA signatures are r|s (IEEE P1363), as COSE writes them,
 * not DER.
 */
public enum CoseAlgorithm {
    ES256(-7, "SHA256withECDSAinP1363Format", null),
    ES384(-35, "SHA384withECDSAinP1363Format", null),
    ES512(-36, "SHA512withECDSAinP1363Format", null),
    PS256(-37, "RSASSA-PSS", pss("SHA-256", MGF1ParameterSpec.SHA256, 32)),
    PS384(-38, "RSASSA-PSS", pss("SHA-384", MGF1ParameterSpec.SHA384, 48)),
    PS512(-39, "RSASSA-PSS", pss("SHA-512", MGF1ParameterSpec.SHA512, 64)),
    ED25519(-8, "Ed25519", null);

    private final int id;
    private final String jcaName;
    private final PSSParameterSpec parameters;

    CoseAlgorithm(int id, String jcaName, PSSParameterSpec parameters) {
        this.id = id;
        this.jcaName = jcaName;
        this.parameters = parameters;
    }

    /** The algorithm with this COSE identifier, or empty when C2PA does not allow it. */
    public static Optional<CoseAlgorithm> of(long id) {
        return Arrays.stream(values()).filter(a -> a.id == id).findFirst();
    }

    public int id() {
        return id;
    }

    /**
     * Whether the signature verifies over the bytes with this key. A key of the wrong kind for
     * the algorithm, or a signature of the wrong size, is a failed verification, not an error.
     */
    public boolean verify(PublicKey key, byte[] toBeSigned, byte[] signature) {
        try {
            Signature verifier = Signature.getInstance(jcaName);
            if (parameters != null) {
                verifier.setParameter(parameters);
            }
            verifier.initVerify(key);
            verifier.update(toBeSigned);
            return verifier.verify(signature);
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            return false;
        }
    }

    private static PSSParameterSpec pss(String digest, MGF1ParameterSpec mgf, int saltLength) {
        return new PSSParameterSpec(digest, "MGF1", mgf, saltLength, PSSParameterSpec.TRAILER_FIELD_BC);
    }
}
