package dev.loupe.image;

import java.util.HexFormat;
import java.util.Optional;

/**
 * Recognises an image format from its first bytes — never from the file name. The one place that
 * knows the signatures: the loader, the tools' own command-line helpers and the artefact route use it.
 */
public final class FormatSniffer {

    private FormatSniffer() {
    }

    /** The format whose signature {@code data} starts with, or empty for none Loupe knows. */
    public static Optional<ImageFormat> sniff(byte[] data) {
        if (data.length >= 3 && (data[0] & 0xFF) == 0xFF && (data[1] & 0xFF) == 0xD8 && (data[2] & 0xFF) == 0xFF) {
            return Optional.of(ImageFormat.JPEG);
        }
        if (Bytes.startsWith(data, 0, "\u0089PNG\r\n\u001A\n")) {
            return Optional.of(ImageFormat.PNG);
        }
        if (Bytes.startsWith(data, 0, "GIF87a") || Bytes.startsWith(data, 0, "GIF89a")) {
            return Optional.of(ImageFormat.GIF);
        }
        if (Bytes.startsWith(data, 0, "RIFF") && Bytes.startsWith(data, 8, "WEBP")) {
            return Optional.of(ImageFormat.WEBP);
        }
        if (Bytes.startsWith(data, 0, "II*\0") || Bytes.startsWith(data, 0, "MM\0*")) {
            return Optional.of(ImageFormat.TIFF);
        }
        if (Bytes.startsWith(data, 0, "BM") && data.length >= 26) {
            return Optional.of(ImageFormat.BMP);
        }
        return Optional.empty();
    }

    /** A few words on what a file that is not an image starts with. */
    static String describeUnknown(byte[] data) {
        if (looksLikeText(data)) {
            return "not an image (it starts with text)";
        }
        int shown = Math.min(data.length, 4);
        return "not an image (unknown signature " + HexFormat.ofDelimiter(" ").withUpperCase().formatHex(data, 0, shown) + ")";
    }

    private static boolean looksLikeText(byte[] data) {
        int checked = Math.min(data.length, 256);
        int printable = 0;
        for (int i = 0; i < checked; i++) {
            int b = data[i] & 0xFF;
            if (b == 0) {
                return false;
            }
            // Tabs, line breaks, printable ASCII and UTF-8 bytes all count as text.
            if (b == '\t' || b == '\n' || b == '\r' || b >= 0x20 && b != 0x7F) {
                printable++;
            }
        }
        return checked > 0 && printable >= checked * 0.95;
    }
}
