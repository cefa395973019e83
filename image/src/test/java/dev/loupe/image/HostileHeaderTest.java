package dev.loupe.image;

import dev.loupe.core.LoupeException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static dev.loupe.testing.MarkedImages.concat;
import static dev.loupe.testing.MarkedImages.latin1;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Headers that lie or stop short: each is refused with its reason, never an exception of another kind. */
class HostileHeaderTest {

    static Stream<Arguments> hostile() {
        return Stream.of(
                Arguments.of("jpeg start only", bytes(0xFF, 0xD8, 0xFF), "JPEG header is truncated"),
                Arguments.of("jpeg segment of length 1", bytes(0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x01),
                        "JPEG is corrupt (a segment declares 1 bytes)"),
                Arguments.of("jpeg segment longer than the file", bytes(0xFF, 0xD8, 0xFF, 0xE0, 0xFF, 0xFF, 0x00),
                        "JPEG data is truncated (no frame header)"),
                Arguments.of("jpeg scan before any frame", bytes(0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02, 0xFF, 0xD9),
                        "JPEG has no frame header before its scan data"),
                Arguments.of("jpeg frame header cut short", bytes(0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x01),
                        "JPEG frame header is truncated"),
                Arguments.of("jpeg garbage where a marker belongs", bytes(0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x02, 0x41),
                        "JPEG is corrupt (no segment marker at byte 6)"),
                Arguments.of("png signature only", concat(bytes(0x89), latin1("PNG\r\n\u001A\n")),
                        "PNG does not start with an IHDR chunk"),
                Arguments.of("png declaring 0 by 10", ImageFixtures.pngDeclaring(0, 10, true), "PNG header declares a 0×10 image"),
                Arguments.of("png declaring 2^32-1 squared", ImageFixtures.pngDeclaring(-1, -1, true),
                        "4294967295×4294967295 is 18446744065119.6 megapixels; the limit is 100"),
                Arguments.of("gif cut in its header", latin1("GIF89a\u0001"), "GIF header is truncated"),
                Arguments.of("gif frame far larger than its screen", concat(latin1("GIF89a"), bytes(10, 0, 10, 0, 0, 0, 0),
                        bytes(0x21, 0xFE, 3, 'h', 'i', '!', 0), bytes(0x2C, 0, 0, 0, 0, 0x60, 0xEA, 0x60, 0xEA, 0)),
                        "60000×60000 is 3600 megapixels; the limit is 100"),
                Arguments.of("webp without a VP8 start code", concat(latin1("RIFF"), bytes(20, 0, 0, 0), latin1("WEBPVP8 "),
                        bytes(10, 0, 0, 0, 0, 0, 0, 0x11, 0x22, 0x33, 0, 0)), "WebP is corrupt (no VP8 start code)"),
                Arguments.of("webp shorter than its riff size", concat(latin1("RIFF"), bytes(0xE8, 0x03, 0, 0), latin1("WEBPVP8X"),
                        bytes(10, 0, 0, 0, 0, 0, 0, 0, 99, 0, 0, 49, 0, 0)),
                        "WebP data is truncated (30 of the 1008 bytes it declares)"),
                Arguments.of("tiff with 65535 entries and none present", concat(latin1("II*\0"), bytes(8, 0, 0, 0, 0xFF, 0xFF)),
                        "TIFF directory is truncated"),
                Arguments.of("tiff directory past the end", concat(latin1("MM\0*"), bytes(0x7F, 0xFF, 0xFF, 0xF0)),
                        "TIFF directory is truncated"),
                Arguments.of("bmp of zeros", concat(latin1("BM"), new byte[24]), "BMP header declares a 0×0 image"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hostile")
    void refuses_a_lying_or_short_header(String name, byte[] data, String reason) {
        LoupeException e = assertThrows(LoupeException.class, () -> new ImageLoader().load(data, "x"));
        assertEquals(LoupeException.Kind.BAD_INPUT, e.kind());
        assertEquals("x: " + reason, e.getMessage());
    }

    @Test
    void words_a_byte_limit_in_megabytes() {
        assertEquals("61.2 MB; the limit is 50 MB", LimitText.bytes(64_172_851, 50L * 1024 * 1024));
    }

    @Test
    void gives_exact_bytes_when_rounding_would_hide_the_excess() {
        assertEquals("52,428,801 bytes; the limit is 52,428,800 bytes", LimitText.bytes(52_428_801, 52_428_800));
    }

    private static byte[] bytes(int... values) {
        byte[] out = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = (byte) values[i];
        }
        return out;
    }
}
