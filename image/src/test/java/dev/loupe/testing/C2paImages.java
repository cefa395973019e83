package dev.loupe.testing;

import com.fasterxml.jackson.dataformat.cbor.databind.CBORMapper;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a minimal C2PA manifest store into a JPEG (APP11, JPEG-XT box packet) the way a signer
 * lays it out: a {@code c2pa} superbox holding one manifest with an actions assertion, a hard
 * binding that matches the file, a claim and a signature box. The signature is a placeholder (no
 * COSE): Loupe's validator reports it as {@code claimSignature.mismatch}, so these files test the
 * reading of manifests, not trust (see {@code made/} for signed ones). The pixels under it are synthetic.
 */
public final class C2paImages {

    private static final CBORMapper CBOR = new CBORMapper();
    /** The C2PA UUID suffix that follows the four-character content type in a description box. */
    private static final byte[] UUID_SUFFIX = {0x00, 0x11, 0x00, 0x10, (byte) 0x80, 0x00, 0x00, (byte) 0xAA,
            0x00, 0x38, (byte) 0x9B, 0x71};

    private C2paImages() {
    }

    /** One action as the actions assertion holds it. */
    public static Map<String, Object> action(String action, String digitalSourceType, String softwareAgent) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("action", action);
        if (digitalSourceType != null) {
            map.put("digitalSourceType", digitalSourceType);
        }
        if (softwareAgent != null) {
            map.put("softwareAgent", softwareAgent);
        }
        return map;
    }

    /** The JPEG with a manifest store (inserted right after SOI) whose hard binding matches. */
    public static byte[] withManifest(byte[] jpeg, String claimGenerator, List<Map<String, Object>> actions) {
        byte[] hash = sha256(jpeg); // the store is inserted at 2 and excluded, so the rest is the original
        int segmentLength = 0;
        byte[] store;
        do { // the exclusion's length is inside the store: iterate until its CBOR size settles
            int previous = segmentLength;
            store = store(claimGenerator, actions, hash, previous);
            segmentLength = 4 + 8 + store.length;
            if (segmentLength == previous) {
                break;
            }
        } while (true);
        byte[] packet = MarkedImages.concat(new byte[] {'J', 'P', 0x02, 0x11, 0, 0, 0, 1}, store);
        return MarkedImages.withJpegSegment(jpeg, 0xEB, packet);
    }

    private static byte[] store(String claimGenerator, List<Map<String, Object>> actions, byte[] hash, int excluded) {
        Map<String, Object> binding = new LinkedHashMap<>();
        binding.put("exclusions", List.of(Map.of("start", 2, "length", excluded)));
        binding.put("name", "jumbf manifest");
        binding.put("alg", "sha256");
        binding.put("hash", hash);
        binding.put("pad", new byte[0]);
        Map<String, Object> claim = new LinkedHashMap<>();
        claim.put("claim_generator", claimGenerator);
        claim.put("dc:title", "synthetic.jpg");
        claim.put("dc:format", "image/jpeg");
        claim.put("assertions", List.of(Map.of("url", "self#jumbf=c2pa.assertions/c2pa.actions"),
                Map.of("url", "self#jumbf=c2pa.assertions/c2pa.hash.data")));
        byte[] assertions = superbox("c2as", "c2pa.assertions",
                superbox("cbor", "c2pa.actions", box("cbor", cbor(Map.of("actions", actions)))),
                superbox("cbor", "c2pa.hash.data", box("cbor", cbor(binding))));
        byte[] manifest = superbox("c2ma", "urn:uuid:00000000-0000-4000-8000-000000000001", assertions,
                superbox("c2cl", "c2pa.claim", box("cbor", cbor(claim))),
                superbox("c2cs", "c2pa.signature", box("cbor", cbor(new byte[] {0}))));
        return superbox("c2pa", "c2pa", manifest);
    }

    /** A {@code jumb} superbox: a description box (type UUID, toggles, label) then the children. */
    public static byte[] superbox(String type, String label, byte[]... children) {
        byte[] labelBytes = (label + "\0").getBytes(StandardCharsets.UTF_8);
        byte[] description = box("jumd", MarkedImages.concat(type.getBytes(StandardCharsets.US_ASCII), UUID_SUFFIX,
                new byte[] {0x03}, labelBytes));
        return box("jumb", MarkedImages.concat(description, MarkedImages.concat(children)));
    }

    /** A plain box: 4-byte length, 4-character type, content. */
    public static byte[] box(String type, byte[] content) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int length = 8 + content.length;
        out.write(length >>> 24);
        out.write(length >>> 16);
        out.write(length >>> 8);
        out.write(length);
        out.writeBytes(type.getBytes(StandardCharsets.US_ASCII));
        out.writeBytes(content);
        return out.toByteArray();
    }

    private static byte[] cbor(Object value) {
        try {
            return CBOR.writeValueAsBytes(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
