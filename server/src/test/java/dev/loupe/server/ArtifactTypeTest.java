package dev.loupe.server;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.HexFormat;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The artefact route names a stored file's media type from the loader's signature table. */
class ArtifactTypeTest {

    @ParameterizedTest(name = "{0} is served as {1}")
    @CsvSource({
            "FFD8FFE000104A4649460001, image/jpeg",
            "89504E470D0A1A0A0000000D, image/png",
            "49492A000800000000000000, image/tiff",
            "424D3A0000000000000036000000280000000100000001000100, image/bmp",
            "7B22737461747573223A, application/json",
            "5B7B7D5D, application/json",
            "4749462D6E6F7420612067, application/octet-stream",
            "00010203, application/octet-stream"})
    void an_analysed_image_of_any_format_loupe_reads_is_served_as_that_format(String hex, String type) {
        assertEquals(type, ArtifactRoute.typeOf(HexFormat.of().parseHex(hex)));
    }
}
