package dev.loupe.tool.forensic.provenance.c2pa.cose;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.cbor.databind.CBORMapper;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A C2PA claim signature: a COSE_Sign1 with a detached payload (the claim's CBOR).
 *
 * @param protectedHeader  the protected header's bytes exactly as signed
 * @param algorithm        the protected header's {@code alg} (label 1), a COSE algorithm id
 * @param x5chain          the signer's certificates, leaf first (label 33; protected in C2PA 2.x,
 *                         unprotected in 1.x), DER
 * @param timeStamps       RFC 3161 tokens of {@code sigTst} (over the claim)
 * @param timeStampsV2     RFC 3161 tokens of {@code sigTst2} (over the signature)
 * @param ocspResponses    DER OCSP responses the signer embedded ({@code rVals.ocspVals})
 * @param signature        the signature bytes
 */
public record CoseSign1(byte[] protectedHeader, long algorithm, List<byte[]> x5chain, List<byte[]> timeStamps,
                        List<byte[]> timeStampsV2, List<byte[]> ocspResponses, byte[] signature) {

    private static final CBORMapper CBOR = new CBORMapper();
    private static final String ALG = "1";
    private static final String X5CHAIN = "33";
    /** Certificates past this many in one chain are refused: real chains have three or four. */
    private static final int MAX_CERTIFICATES = 16;
    private static final int MAX_TOKENS = 8;

    public CoseSign1 {
        x5chain = List.copyOf(x5chain);
        timeStamps = List.copyOf(timeStamps);
        timeStampsV2 = List.copyOf(timeStampsV2);
        ocspResponses = List.copyOf(ocspResponses);
    }

    /** Decodes a COSE_Sign1 (tagged 18 or not); refuses what is not one. */
    public static CoseSign1 decode(byte[] bytes) throws CoseException {
        JsonNode cose = read(bytes, "COSE_Sign1");
        if (!cose.isArray() || cose.size() != 4) {
            throw new CoseException("COSE_Sign1 is not an array of four");
        }
        byte[] protectedBytes = binary(cose.get(0), "protected header");
        JsonNode unprotected = cose.get(1);
        if (!unprotected.isObject()) {
            throw new CoseException("COSE_Sign1 unprotected header is not a map");
        }
        if (!cose.get(2).isNull()) {
            // C2PA detaches the payload: the claim is signed where it stands in the store.
            throw new CoseException("COSE_Sign1 payload is not detached (nil)");
        }
        byte[] signature = binary(cose.get(3), "signature");
        JsonNode headers = protectedBytes.length == 0 ? CBOR.createObjectNode() : read(protectedBytes, "protected header");
        if (!headers.isObject()) {
            throw new CoseException("protected header is not a map");
        }
        JsonNode alg = headers.get(ALG);
        if (alg == null || !alg.isIntegralNumber()) {
            throw new CoseException("protected header has no integer alg (label 1)");
        }
        JsonNode chain = headers.has(X5CHAIN) ? headers.get(X5CHAIN)
                : unprotected.has(X5CHAIN) ? unprotected.get(X5CHAIN) : unprotected.get("x5chain");
        return new CoseSign1(protectedBytes, alg.asLong(), certificates(chain),
                tokens(unprotected.path("sigTst").path("tstTokens")),
                tokens(unprotected.path("sigTst2").path("tstTokens")),
                binaries(unprotected.path("rVals").path("ocspVals"), "OCSP response"), signature);
    }

    /** The algorithm, when C2PA allows it. */
    public Optional<CoseAlgorithm> knownAlgorithm() {
        return CoseAlgorithm.of(algorithm);
    }

    /** Sig_structure for a COSE_Sign1 over a detached payload: ["Signature1", protected, h'', payload]. */
    public byte[] toBeSigned(byte[] payload) {
        return structure("Signature1", payload);
    }

    /**
     * What a C2PA time stamp covers: the COSE countersignature structure
     * ["CounterSignature", protected, h'', data], where data is the claim ({@code sigTst}) or the
     * signature ({@code sigTst2}).
     */
    public byte[] timeStampedData(byte[] data) {
        return structure("CounterSignature", data);
    }

    /** {@code bytes} as a CBOR byte string (head and bytes). */
    public static byte[] byteString(byte[] bytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        head(out, 2, bytes.length);
        out.writeBytes(bytes);
        return out.toByteArray();
    }

    private byte[] structure(String context, byte[] payload) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        head(out, 4, 4);
        byte[] text = context.getBytes(StandardCharsets.US_ASCII);
        head(out, 3, text.length);
        out.writeBytes(text);
        head(out, 2, protectedHeader.length);
        out.writeBytes(protectedHeader);
        head(out, 2, 0);
        head(out, 2, payload.length);
        out.writeBytes(payload);
        return out.toByteArray();
    }

    /** A CBOR head in its shortest form (RFC 8949 §3), as Sig_structure requires. */
    private static void head(ByteArrayOutputStream out, int major, long value) {
        int type = major << 5;
        if (value < 24) {
            out.write(type | (int) value);
        } else if (value < 0x100) {
            out.write(type | 24);
            out.write((int) value);
        } else if (value < 0x10000) {
            out.write(type | 25);
            out.write((int) (value >> 8));
            out.write((int) value);
        } else {
            out.write(type | 26);
            for (int shift = 24; shift >= 0; shift -= 8) {
                out.write((int) (value >> shift));
            }
        }
    }

    private static JsonNode read(byte[] bytes, String what) throws CoseException {
        try {
            JsonNode node = CBOR.readTree(bytes);
            if (node == null || node.isMissingNode()) {
                throw new CoseException(what + " is empty");
            }
            return node;
        } catch (IOException | RuntimeException e) {
            throw new CoseException(what + " does not decode as CBOR (" + e.getClass().getSimpleName() + ")", e);
        }
    }

    private static byte[] binary(JsonNode node, String what) throws CoseException {
        if (node == null || !node.isBinary()) {
            throw new CoseException(what + " is not a byte string");
        }
        try {
            return node.binaryValue();
        } catch (IOException e) {
            throw new CoseException(what + " is unreadable", e);
        }
    }

    private static List<byte[]> certificates(JsonNode chain) throws CoseException {
        if (chain == null || chain.isNull() || chain.isMissingNode()) {
            return List.of();
        }
        List<byte[]> list = chain.isArray() ? binaries(chain, "x5chain certificate") : List.of(binary(chain, "x5chain"));
        if (list.size() > MAX_CERTIFICATES) {
            throw new CoseException("x5chain holds " + list.size() + " certificates, more than " + MAX_CERTIFICATES);
        }
        return list;
    }

    private static List<byte[]> tokens(JsonNode list) throws CoseException {
        List<byte[]> tokens = new ArrayList<>();
        for (JsonNode token : list.isArray() ? list : List.<JsonNode>of()) {
            if (tokens.size() == MAX_TOKENS) {
                break;
            }
            tokens.add(binary(token.get("val"), "time-stamp token"));
        }
        return tokens;
    }

    private static List<byte[]> binaries(JsonNode list, String what) throws CoseException {
        List<byte[]> values = new ArrayList<>();
        for (JsonNode value : list.isArray() ? list : List.<JsonNode>of()) {
            if (values.size() > MAX_CERTIFICATES) {
                throw new CoseException("more than " + MAX_CERTIFICATES + " entries of " + what);
            }
            values.add(binary(value, what));
        }
        return values;
    }
}
