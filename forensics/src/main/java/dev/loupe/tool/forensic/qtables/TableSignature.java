package dev.loupe.tool.forensic.qtables;

import dev.loupe.image.jpeg.JpegStructure;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Optional;

/** The identity of a file's quantization tables: a short hash of the luminance and chrominance tables together. */
final class TableSignature {

    private TableSignature() {
    }

    /** The signature of the tables the frame's first two components use; empty without a luminance table. */
    static Optional<String> of(JpegStructure structure) {
        if (structure.quantTableOf(0).isEmpty()) {
            return Optional.empty();
        }
        ByteBuffer buffer = ByteBuffer.allocate(2 * 64 * 4);
        for (int value : structure.quantTableOf(0).get().natural()) {
            buffer.putInt(value);
        }
        int[] chroma = structure.quantTableOf(1).map(t -> t.natural()).orElse(new int[64]);
        for (int value : chroma) {
            buffer.putInt(value);
        }
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(buffer.array());
            return Optional.of(HexFormat.of().formatHex(digest, 0, 8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }

    /** The make as the reference keys it: lower case, the maker's usual name ("NIKON CORPORATION" → nikon). */
    static String make(String exifMake) {
        String make = exifMake.trim().toLowerCase(Locale.ROOT);
        for (String known : new String[] {"canon", "nikon", "sony", "olympus", "fujifilm", "kodak", "minolta", "oregon",
                "xiaomi", "nintendo", "panasonic", "samsung", "apple", "pentax", "leica", "huawei", "google", "casio"}) {
            if (make.contains(known)) {
                return known;
            }
        }
        int space = make.indexOf(' ');
        return space < 0 ? make : make.substring(0, space);
    }
}
