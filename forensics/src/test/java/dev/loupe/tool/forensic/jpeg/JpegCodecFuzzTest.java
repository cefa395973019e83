package dev.loupe.tool.forensic.jpeg;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.loupe.fuzzing.AllocationBudget;
import dev.loupe.fuzzing.ParserContract;
import dev.loupe.image.ImageFormat;
import dev.loupe.image.LoadedImage;
import dev.loupe.image.jpeg.JpegStructure;
import dev.loupe.image.jpeg.JpegStructureParser;
import dev.loupe.tool.ToolContext;
import org.junit.jupiter.api.Timeout;

/**
 * Fuzzes the JPEG marker parser and the coefficient codec (sequential and progressive entropy
 * decoding, the shared pass that also builds the luminance plane) through the {@code jpeg} tool,
 * as an analysis reaches them. The contract: they never throw on bad bytes — problems are noted in
 * the structure and the decode outcome — and the tool always answers.
 */
@Timeout(10)
class JpegCodecFuzzTest {

    private static final ParserContract CODEC = ParserContract.neverThrows("jpeg codec", AllocationBudget.of(32, 1024));

    @FuzzTest(maxDuration = "10m")
    void segments_and_entropy_data_never_escape_the_codec(byte[] bytes) {
        if (!JpegStructureParser.looksLikeJpeg(bytes)) {
            return;
        }
        LoadedImage image = new LoadedImage(null, "fuzz.jpg", bytes, ImageFormat.JPEG, 1, 1, "0");
        CODEC.assertHolds(bytes.length, () -> {
            JpegStructure structure = JpegStructureParser.parse(bytes);
            CoefficientPass.decode(bytes, structure);
            new JpegTool().run(ToolContext.of(image), null);
        });
    }
}
