package dev.loupe.tool.forensic.metadata;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.loupe.fuzzing.AllocationBudget;
import dev.loupe.fuzzing.FuzzImages;
import dev.loupe.fuzzing.ParserContract;
import dev.loupe.tool.ToolContext;
import org.junit.jupiter.api.Timeout;

/**
 * Fuzzes the {@code metadata} tool on whole files: EXIF (with its thumbnail and maker notes), XMP,
 * IPTC, ICC, PNG text chunks (with the inflation guard) and JPEG comments, read by metadata-extractor
 * and then by Loupe's readers and findings. The contract: the tool never throws; what cannot be read
 * is an error recorded in the result.
 */
@Timeout(10)
class MetadataFuzzTest {

    private static final ParserContract METADATA = ParserContract.neverThrows("metadata tool", AllocationBudget.of(32, 256));

    @FuzzTest(maxDuration = "10m")
    void exif_xmp_iptc_and_png_text_never_escape_the_metadata_tool(byte[] bytes) {
        METADATA.assertHolds(bytes.length, () -> new MetadataTool().run(ToolContext.of(FuzzImages.unchecked(bytes)), null));
    }
}
