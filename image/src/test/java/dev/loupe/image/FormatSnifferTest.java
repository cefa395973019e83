package dev.loupe.image;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.HexFormat;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The one table of signatures; every reader of formats (loader, tool helpers, artefact route) asks it. */
class FormatSnifferTest {

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource({
            "FFD8FFE000104A4649460001, JPEG",
            "89504E470D0A1A0A0000000D, PNG",
            "474946383961010001000000, GIF",
            "474946383761010001000000, GIF",
            "524946462400000057454250, WEBP",
            "49492A000800000000000000, TIFF",
            "4D4D002A0000000800000000, TIFF",
            "424D3A0000000000000036000000280000000100000001000100, BMP",
            "FFD8000000000000, ",
            "89504E4700000000, ",
            "4749462D6E6F7420612067, ",
            "5249464624000000415649, ",
            "49492B000800000000000000, ",
            "424D3A00, ",
            "7B22737461747573223A, "})
    void recognises_a_format_by_its_whole_signature_only(String hex, ImageFormat expected) {
        assertEquals(Optional.ofNullable(expected), FormatSniffer.sniff(HexFormat.of().parseHex(hex)));
    }
}
