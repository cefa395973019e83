package dev.loupe.tool.forensic.copymove;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.tool.Finding;
import dev.loupe.tool.ToolDefinition;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.image.LumaPlane;
import dev.loupe.tool.forensic.pixel.PixelSource;
import dev.loupe.tool.forensic.pixel.PixelTool;
import dev.loupe.tool.forensic.pixel.PngArtifact;

import java.util.ArrayList;
import java.util.List;

/**
 * Looks for a region copied to another place in the same image (clone stamping, copy-move). Large
 * images are box-downscaled first so the search stays fast; coordinates are mapped back to full
 * pixels. A copy must be at least about {@code (16 + 8) × scale} pixels on a side to be found.
 *
 * <p>A copy moved by a distance that is not a multiple of the analysis scale lands between plane
 * pixels, which changes its block descriptions a little; the plane is lightly smoothed and the
 * tolerances absorb this. Known limit: at 24 megapixels (scale 6), copies of 384 pixels were found in
 * trials, a 256-pixel copy of mostly flat wall was not.
 */
public final class CopyMoveTool extends PixelTool {

    /** The analysis plane holds at most this many pixels; larger images are box-downscaled. */
    static final long MAX_PLANE_PIXELS = 800_000;
    /** Shortest shift accepted, in plane pixels: neighbouring blocks always look alike. */
    static final int MIN_SHIFT = 24;
    /** Fewest connected matched blocks that make a region. */
    static final int MIN_BLOCKS = 80;
    private static final int MAX_REPORTED = 5;

    public CopyMoveTool() {
        super(ToolDefinition.builder("copy_move", "1.0.0")
                .description("Regions copied elsewhere in the image (shifted).")
                .findingsOnly());
    }

    @Override
    protected ToolResult analyze(ToolContext context, JsonNode arguments, PixelSource image) {
        int w = image.width();
        int h = image.height();
        int scale = scaleFor(w, h);
        int minSide = (2 * BlockFeatures.BLOCK + MIN_SHIFT) * scale;
        if (w < minSide && h < minSide || Math.min(w, h) < BlockFeatures.BLOCK * scale) {
            return ToolResult.notApplicable("image of " + w + "x" + h + " pixels is too small for copy-move blocks of "
                    + BlockFeatures.BLOCK + " pixels");
        }
        LumaPlane plane = Smoothing.binomial(image.luma(scale));
        BlockFeatures blocks = BlockFeatures.of(plane);
        List<ClonePair> pairs = new CloneMatcher(MIN_SHIFT, MIN_BLOCKS)
                .find(blocks, plane.width(), plane.height(), scale, MAX_REPORTED);

        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("method", "box-downscaled and [1 2 1]-smoothed luminance; 16x16 blocks at stride 1, DCT of 4x4 cell means "
                + "(10 zig-zag coefficients), lexicographic sort, shift clustering with coherence, sharpness, periodicity "
                + "and recurrence checks");
        data.put("analysis_scale", scale);
        data.put("analysis_width", plane.width());
        data.put("analysis_height", plane.height());
        data.put("blocks_examined", blocks.positions());
        data.put("textured_blocks", blocks.count());
        data.put("min_shift_pixels", MIN_SHIFT * scale);
        data.put("min_blocks", MIN_BLOCKS);
        data.put("regions_found", pairs.size());
        ArrayNode list = data.putArray("pairs");
        List<Finding> findings = new ArrayList<>();
        for (ClonePair pair : pairs) {
            ObjectNode node = list.addObject();
            pair.source().writeTo(node.putObject("source"));
            pair.target().writeTo(node.putObject("target"));
            node.put("dx", pair.dx()).put("dy", pair.dy()).put("blocks", pair.blocks())
                    .put("share", Math.round(pair.share() * 10000) / 10000.0);
            findings.add(new Finding("copy_move_detected", "The region " + pair.source() + " reappears shifted by ("
                    + pair.dx() + ", " + pair.dy() + ") pixels at " + pair.target() + ", supported by "
                    + pair.blocks() + " matching blocks."));
        }
        List<String> problems = new ArrayList<>();
        List<String> artifacts = context.artifactDir() == null ? List.of()
                : PngArtifact.write(context.artifactDir(), "copy_move.png", CopyMoveOverlay.draw(plane, pairs), problems);
        if (!problems.isEmpty()) {
            data.put("artifact_problem", String.join("; ", problems));
        }
        return ToolResult.ok(data, findings, artifacts);
    }

    static int scaleFor(int width, int height) {
        double pixels = (double) width * height;
        return Math.max(1, (int) Math.ceil(Math.sqrt(pixels / MAX_PLANE_PIXELS)));
    }
}
