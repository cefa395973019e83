package dev.loupe.tool.forensic.metadata;

import com.drew.lang.ByteArrayReader;
import com.drew.lang.KeyValuePair;
import com.drew.metadata.Metadata;
import com.drew.metadata.exif.ExifIFD0Directory;
import com.drew.metadata.exif.ExifReader;
import com.drew.metadata.png.PngDirectory;

import java.util.List;
import java.util.Optional;

/**
 * ImageMagick and GIMP keep a PNG's EXIF as hex text in a {@code Raw profile type exif} (or
 * {@code APP1}) text chunk: a blank line, the profile name, the byte count, then the hex. ExifTool
 * reads it; metadata-extractor does not, so Loupe decodes it and adds the EXIF directories.
 */
final class RawProfileExif {

    private RawProfileExif() {
    }

    /** Adds the EXIF of a raw-profile text chunk to the metadata, when there is one and no EXIF yet. */
    static void addTo(Metadata metadata) {
        if (metadata.containsDirectoryOfType(ExifIFD0Directory.class)) {
            return;
        }
        for (PngDirectory directory : metadata.getDirectoriesOfType(PngDirectory.class)) {
            if (directory.getObject(PngDirectory.TAG_TEXTUAL_DATA) instanceof List<?> pairs) {
                for (Object pair : pairs) {
                    if (pair instanceof KeyValuePair kv && kv.getKey().toLowerCase(java.util.Locale.ROOT).matches("raw profile type (exif|app1)")) {
                        Optional<byte[]> bytes = decode(kv.getValue().toString());
                        if (bytes.isPresent()) {
                            byte[] exif = bytes.get();
                            int offset = exif.length > 6 && exif[0] == 'E' && exif[1] == 'x' && exif[4] == 0 ? 6 : 0;
                            new ExifReader().extract(new ByteArrayReader(exif), metadata, offset);
                            return;
                        }
                    }
                }
            }
        }
    }

    /** The profile's bytes; empty when the text is not a well-formed raw profile. */
    static Optional<byte[]> decode(String text) {
        String[] lines = text.strip().split("\\s*\\n\\s*", 3);
        if (lines.length < 3) {
            return Optional.empty();
        }
        int declared;
        try {
            declared = Integer.parseInt(lines[1].strip());
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        String hex = lines[2].replaceAll("\\s+", "");
        // The declared count is only trusted as far as the hex really goes.
        if (declared <= 0 || declared > hex.length() / 2) {
            return Optional.empty();
        }
        byte[] bytes = new byte[declared];
        for (int i = 0; i < declared; i++) {
            int hi = Character.digit(hex.charAt(2 * i), 16);
            int lo = Character.digit(hex.charAt(2 * i + 1), 16);
            if (hi < 0 || lo < 0) {
                return Optional.empty();
            }
            bytes[i] = (byte) (hi << 4 | lo);
        }
        return Optional.of(bytes);
    }
}
