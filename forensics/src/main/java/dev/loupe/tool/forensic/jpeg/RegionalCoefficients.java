package dev.loupe.tool.forensic.jpeg;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loupe.image.LoadedImage;
import dev.loupe.image.jpeg.Frame;
import dev.loupe.image.jpeg.JpegStructure;
import dev.loupe.image.jpeg.JpegStructureParser;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.forensic.region.PixelBox;
import dev.loupe.tool.forensic.region.RegionArgument;

import java.util.Optional;
import java.util.function.Predicate;

/**
 * What a tool that reads the shared pass' coefficients and takes an optional {@code region}
 * ({@code jpeg_ghost}, {@code adq}) starts from: a JPEG with a frame and a luminance table, the region
 * inside it, and the pass' summary with the tool's collector filled. When any of these is missing,
 * {@link #refusal} is the result that says why and the other components are null.
 */
public record RegionalCoefficients(JpegStructure structure, Frame frame, Optional<PixelBox> region,
                                   CoefficientSummary summary, ToolResult refusal) {

    /**
     * Reads {@code image} for a tool: {@code needsJpeg} begins the refusal for another format
     * ("JPEG ghosts need a JPEG"), {@code needsCoefficients} the one for a file the pass could not
     * decode, and {@code collected} says whether the summary holds what the tool reads.
     */
    public static RegionalCoefficients read(LoadedImage image, JsonNode arguments, String needsJpeg,
                                            String needsCoefficients, Predicate<CoefficientSummary> collected) {
        if (!JpegStructureParser.looksLikeJpeg(image.bytes())) {
            return refused(ToolResult.notApplicable(needsJpeg + ": this is " + image.format()));
        }
        JpegStructure structure = CoefficientPass.structure(image);
        Frame frame = structure.frame();
        if (frame == null || structure.quantTableOf(0).isEmpty()) {
            return refused(ToolResult.error("the JPEG has no readable frame header or luminance table"));
        }
        Optional<PixelBox> region;
        try {
            region = RegionArgument.of(arguments, frame.width(), frame.height());
        } catch (IllegalArgumentException e) {
            return refused(ToolResult.error(e.getMessage()));
        }
        CoefficientSummary summary = CoefficientPass.of(image);
        if (!collected.test(summary) || summary.outcome().mcusDecoded() == 0) {
            return refused(ToolResult.notApplicable(needsCoefficients + ": "
                    + (summary.outcome().problems().isEmpty() ? "not decoded" : summary.outcome().problems().get(0))));
        }
        return new RegionalCoefficients(structure, frame, region, summary, null);
    }

    /**
     * What a per-cell map for the combining tools reads: the whole file, with no refusal to give (the
     * map is simply absent); null where {@link #read} would refuse.
     */
    public static RegionalCoefficients wholeOrNull(LoadedImage image, Predicate<CoefficientSummary> collected) {
        RegionalCoefficients input = read(image, null, "needs a JPEG", "needs coefficients", collected);
        return input.refusal() == null ? input : null;
    }

    /** The file's luminance quantization table in natural order. */
    public int[] luminanceTable() {
        return structure.quantTableOf(0).orElseThrow().natural();
    }

    private static RegionalCoefficients refused(ToolResult why) {
        return new RegionalCoefficients(null, null, null, null, why);
    }
}
