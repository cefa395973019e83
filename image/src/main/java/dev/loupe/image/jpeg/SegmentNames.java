package dev.loupe.image.jpeg;

import java.nio.charset.StandardCharsets;

/** Names markers, and tells what an APPn segment holds from the identifier at the start of its payload. */
public final class SegmentNames {

    private static final String XMP = "http://ns.adobe.com/xap/1.0/";
    private static final String EXTENDED_XMP = "http://ns.adobe.com/xmp/extension/";

    private SegmentNames() {
    }

    /** The marker's name: SOI, APP1, DQT, SOF0, RST3, ... */
    public static String markerName(int marker) {
        if (marker >= 0xE0 && marker <= 0xEF) {
            return "APP" + (marker - 0xE0);
        }
        if (marker >= 0xD0 && marker <= 0xD7) {
            return "RST" + (marker - 0xD0);
        }
        if (marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC) {
            return "SOF" + (marker - 0xC0);
        }
        return switch (marker) {
            case 0xD8 -> "SOI";
            case 0xD9 -> "EOI";
            case 0xDA -> "SOS";
            case 0xDB -> "DQT";
            case 0xC4 -> "DHT";
            case 0xCC -> "DAC";
            case 0xDD -> "DRI";
            case 0xDC -> "DNL";
            case 0xFE -> "COM";
            case 0x01 -> "TEM";
            default -> String.format("0x%02X", marker);
        };
    }

    /**
     * What an APPn payload says it is: JFIF, JFXX, Exif, XMP, ExtendedXMP, ICC_PROFILE, MPF,
     * Photoshop 3.0 IRB, Adobe, Ducky, JUMBF, JUMBF/C2PA, or the raw identifier; null when there is
     * no readable identifier.
     */
    public static String appIdentifier(int marker, byte[] data, int payloadStart, int payloadLength) {
        int end = Math.min(payloadStart + payloadLength, data.length);
        if (marker == 0xEB && end - payloadStart >= 2 && data[payloadStart] == 'J' && data[payloadStart + 1] == 'P') {
            // JUMBF boxes (ISO 19566-5) in APP11: "JP", box instance, sequence, then boxes; C2PA manifests say "c2pa".
            String head = new String(data, payloadStart, Math.min(end - payloadStart, 96), StandardCharsets.ISO_8859_1);
            return head.contains("c2pa") ? "JUMBF/C2PA" : "JUMBF";
        }
        String raw = nullTerminatedAscii(data, payloadStart, Math.min(end, payloadStart + 64));
        if (raw.isEmpty()) {
            return null;
        }
        return switch (raw) {
            case XMP -> "XMP";
            case EXTENDED_XMP -> "ExtendedXMP";
            case "Photoshop 3.0" -> "Photoshop 3.0 IRB";
            default -> raw.startsWith("Exif") ? "Exif" : raw.startsWith("Adobe") ? "Adobe"
                    : raw.startsWith("Ducky") ? "Ducky" : raw;
        };
    }

    private static String nullTerminatedAscii(byte[] data, int from, int to) {
        StringBuilder text = new StringBuilder();
        for (int i = from; i < to; i++) {
            int b = data[i] & 0xFF;
            if (b == 0) {
                break;
            }
            if (b < 0x20 || b > 0x7E) {
                // Not an identifier string: keep what was printable up to here, if it is long enough.
                return text.length() >= 4 ? text.toString() : "";
            }
            text.append((char) b);
        }
        return text.toString();
    }
}
