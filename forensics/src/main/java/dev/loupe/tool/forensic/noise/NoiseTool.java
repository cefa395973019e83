package dev.loupe.tool.forensic.noise;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.tool.Finding;
import dev.loupe.tool.ToolDefinition;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.forensic.pixel.PixelSource;
import dev.loupe.tool.forensic.pixel.PixelTool;
import dev.loupe.tool.forensic.pixel.PngArtifact;

import java.util.ArrayList;
import java.util.List;

/**
 * Measures the noise level block by block and reports regions whose noise departs from the rest of
 * the image, as a pasted or retouched area would. Works at full resolution (noise does not survive
 * downscaling); above 4 megapixels the operator is evaluated on every other row and column, above 16
 * on every third.
 *
 * <p>For a baseline JPEG the luminance comes from the shared coefficient pass, unrounded (see
 * {@link PixelSource}); for other images from the decoded 8-bit RGB. The 8-bit rounding of a full
 * decode adds about 0.2–0.3 levels of noise of its own, so on a JPEG the tool now measures lower σ in
 * quiet images and calls blocks that hold no noise but that rounding (flat, coarsely quantized areas)
 * unmeasurable rather than measuring the decoder.
 */
public final class NoiseTool extends PixelTool {

    /** Fewest measurable blocks for the statistics to mean anything. */
    static final int MIN_MEASURABLE_BLOCKS = 16;

    /**
     * A region whose noise is at most this share of what blocks of its brightness show, over at least
     * {@link #SMOOTHED_MIN_SHARE} of the picture, was smoothed: sensor noise does not vanish from one
     * part of a photo. On the development set, 9 of 21 careful retouches (5×5 box blur) left such a region
     * (0.05–0.19 over 1–8% of the picture); no camera original or re-save did (their smooth regions were
     * 0.08–0.13 over at most 0.5%, or 0.4 and above).
     */
    static final double SMOOTHED_RATIO = 0.25;
    static final double SMOOTHED_MIN_SHARE = 0.01;

    public NoiseTool() {
        super(ToolDefinition.builder("noise", "1.0.0")
                .description("Regions whose noise differs from the rest at the same brightness.")
                .findingsOnly());
    }

    @Override
    protected ToolResult analyze(ToolContext context, JsonNode arguments, PixelSource image) {
        int w = image.width();
        int h = image.height();
        int blockSize = Math.min(w, h) >= 1024 ? 64 : 32;
        if ((long) ((w - 2) / blockSize) * ((h - 2) / blockSize) < MIN_MEASURABLE_BLOCKS) {
            return ToolResult.notApplicable("image of " + w + "x" + h + " pixels has fewer than " + MIN_MEASURABLE_BLOCKS
                    + " blocks of " + blockSize + " pixels");
        }
        BlockNoise noise = BlockNoise.measure(image, blockSize);
        int measurable = noise.measurableCount();
        if (measurable < MIN_MEASURABLE_BLOCKS) {
            return ToolResult.notApplicable("only " + measurable + " blocks have measurable noise (the rest is flat or clipped)");
        }
        NoiseConsistency consistency = NoiseConsistency.of(noise, w, h);

        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("method", "Immerkaer Laplacian operator per block, 25th-percentile aggregated; outliers on log sigma beyond "
                + NoiseConsistency.K + " MAD and a factor " + NoiseConsistency.MIN_FACTOR);
        data.put("block_size", blockSize);
        data.put("sample_step", noise.step());
        data.put("blocks", noise.sigma().length);
        data.put("measurable_blocks", measurable);
        data.put("median_sigma", round(consistency.medianSigma()));
        data.put("spread_mad_over_median", round(consistency.spread()));
        data.put("outlier_share", round(consistency.outlierShare()));
        ArrayNode list = data.putArray("regions");
        List<Finding> findings = new ArrayList<>();
        for (NoiseRegion region : consistency.regions()) {
            ObjectNode node = list.addObject();
            region.box().writeTo(node.putObject("box"));
            node.put("blocks", region.blocks()).put("sigma", round(region.sigma())).put("ratio_to_expected", round(region.ratio()));
            String measured = "The region " + region.box() + " (" + region.blocks() + " blocks) has noise "
                    + round(region.sigma()) + " against " + round(consistency.medianSigma()) + " for the image, "
                    + round(region.ratio()) + " times what blocks of its brightness show";
            boolean smoothed = region.ratio() <= SMOOTHED_RATIO && region.box().area() >= SMOOTHED_MIN_SHARE * w * h;
            node.put("smoothed", smoothed);
            findings.add(smoothed
                    ? new Finding("noise_smoothed_region", measured + ": the sensor's noise was smoothed or painted out there "
                            + "after capture (a local retouch, or a pasted object enlarged).")
                    : new Finding("noise_inconsistent_region", measured + "."));
        }
        if (findings.isEmpty()) {
            findings.add(new Finding("noise_consistent", "Block noise levels are consistent across the image (median "
                    + round(consistency.medianSigma()) + ", spread " + round(consistency.spread()) + ")."));
        }
        List<String> problems = new ArrayList<>();
        List<String> artifacts = context.artifactDir() == null ? List.of()
                : PngArtifact.write(context.artifactDir(), "noise.png", NoisePicture.draw(image, noise, consistency), problems);
        if (!problems.isEmpty()) {
            data.put("artifact_problem", String.join("; ", problems));
        }
        return ToolResult.ok(data, findings, artifacts);
    }

    private static double round(double value) {
        return Math.round(value * 1000) / 1000.0;
    }
}
