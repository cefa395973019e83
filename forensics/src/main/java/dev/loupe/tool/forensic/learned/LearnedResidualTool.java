package dev.loupe.tool.forensic.learned;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.tool.Finding;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolDefinition;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.forensic.ela.ErrorLevelHeatmap;
import dev.loupe.tool.forensic.pixel.PixelSource;
import dev.loupe.tool.forensic.pixel.PixelTool;
import dev.loupe.tool.forensic.region.SuspectRegion;

import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The {@code learned_residual} tool: a small network trained on the content set's masks scores a grid
 * of luminance patches for local manipulation ({@link LearnedMap}); the picture's score, its most
 * suspicious region and a heatmap. Without the optional artifact {@value LearnedModels#ARTIFACT} the
 * result is {@code not_applicable} and says what to add.
 */
public final class LearnedResidualTool extends PixelTool {

    /**
     * A picture scoring at least this is reported as locally manipulated: on the content set's held-out
     * folds, about one authentic picture in twenty scores higher (evaluation/learned/MODEL-CARD.md).
     */
    static final double SUSPECT_SCORE = 0.965;
    /**
     * A cell stands out from this many spreads above the picture's median logit on: the threshold that
     * localizes the content set's careful forgeries best over all folds (the model card's figures).
     */
    static final double REGION_THRESHOLD = 1.75;
    /**
     * A score at {@link #SUSPECT_SCORE} is a suspect region only when the cells standing out by
     * {@link #REGION_THRESHOLD} (after the 3×3 mean) gather into one group of at least this many: a score
     * carried by a few lone cells is one patch of content unlike the rest of its picture (a lamp, a
     * reflection), and every variant of the photo shows it, the forgeries made from it too. On the content
     * set (2026-12-02, each item scored by the fold model that never saw it), the 7 authentic pictures of
     * 12 that reached the score with fewer cells had groups of at most 4; every forgery whose edited region
     * was the group had at least 7 (in-sample: any bar from 5 to 7 parts them the same way).
     */
    static final int MIN_SUSPECT_CELLS = 6;

    public LearnedResidualTool() {
        super(ToolDefinition.builder("learned_residual", "1.1.0")
                .description("A small learned model of local high-pass residuals (trained on spliced, inpainted, cloned and "
                        + "retouched regions against camera and processed photos): a score and the region it points at.")
                .findingsOnly()
                .detailFields("score", "model", "region", "gathered_cells"));
    }

    @Override
    protected ToolResult analyze(ToolContext context, JsonNode arguments, PixelSource source) throws IOException {
        LearnedModels.Loaded loaded = LearnedModels.current();
        if (loaded.model() == null) {
            return ToolResult.notApplicable(loaded.problem());
        }
        LearnedMap map = LearnedMap.of(context.image(), source, loaded.model());
        if (map == null) {
            return ToolResult.notApplicable("the picture is too small for 2x2 cells of " + ResidualPatches.PATCH + "-pixel patches");
        }
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("model", loaded.model().identity());
        data.put("score", round(map.score())).put("patches", map.patches()).put("cell", map.suspicion().blockWidth());
        Optional<SuspectRegion> largest = largest(map);
        data.put("gathered_cells", gathered(largest));
        largest.filter(SuspectRegion::localized).ifPresent(r -> r.box().writeTo(data.putObject("region"))
                .put("cells", r.region().blocks()).put("mean_z", round(r.meanZ())));
        Finding finding = finding(map.score(), largest);
        // the logits against the picture's own: what points at the region (the model's P is in the data's score)
        List<String> artifacts = ErrorLevelHeatmap.artifact(context, "learned-residual.png", map.relative(), 2 * REGION_THRESHOLD);
        return ToolResult.ok(data, List.of(finding), artifacts);
    }

    /** The largest group of cells standing out in {@code map}, localized or not. */
    static Optional<SuspectRegion> largest(LearnedMap map) {
        return SuspectRegion.largest(map.relative(), REGION_THRESHOLD);
    }

    private static int gathered(Optional<SuspectRegion> largest) {
        return largest.map(r -> r.region().blocks()).orElse(0);
    }

    /** The finding for a picture scoring {@code score} whose largest group of standing-out cells is {@code largest}. */
    static Finding finding(double score, Optional<SuspectRegion> largest) {
        int gathered = gathered(largest);
        Optional<SuspectRegion> region = largest.filter(SuspectRegion::localized);
        if (score >= SUSPECT_SCORE && gathered >= MIN_SUSPECT_CELLS) {
            return new Finding("learned_suspect_region", String.format(Locale.ROOT,
                    "The learned residual model scores the picture %.2f (its most suspicious %.0f%% of cells)%s.",
                    score, 100 * LearnedMap.TOP_SHARE,
                    region.map(r -> String.format(Locale.ROOT, "; it points at %s (%d cells)", r.box(), r.region().blocks())).orElse("")));
        }
        if (score >= SUSPECT_SCORE) {
            return new Finding("learned_consistent", String.format(Locale.ROOT,
                    "The learned residual model scores the picture %.3f, but its most suspicious cells gather in no region "
                    + "(%d together, fewer than %d): a patch of content unlike the rest, not a local change.",
                    score, gathered, MIN_SUSPECT_CELLS));
        }
        return new Finding("learned_consistent", String.format(Locale.ROOT,
                "The learned residual model finds no locally manipulated region (score %.3f, below %.3f).", score, SUSPECT_SCORE));
    }

    private static double round(double value) {
        return Math.round(value * 1000) / 1000.0;
    }
}
