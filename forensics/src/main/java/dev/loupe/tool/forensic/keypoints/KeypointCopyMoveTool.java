package dev.loupe.tool.forensic.keypoints;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.tool.Finding;
import dev.loupe.tool.ToolDefinition;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.forensic.pixel.LumaPicture;
import dev.loupe.image.LumaPlane;
import dev.loupe.tool.forensic.pixel.PixelSource;
import dev.loupe.tool.forensic.pixel.PixelTool;
import dev.loupe.tool.forensic.pixel.PngArtifact;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The {@code copy_move_keypoints} tool: cloned regions that may have been rotated or scaled, from
 * ORB keypoints on the shrunk luminance ({@link KeypointClones}), each transform checked by dense
 * correlation, with source and target boxes, the transform, the matched point pairs, each side's
 * correlating area, and an overlay drawing them.
 */
public final class KeypointCopyMoveTool extends PixelTool {

    public KeypointCopyMoveTool() {
        super(ToolDefinition.builder("copy_move_keypoints", "1.1.0")
                .description("Regions cloned by keypoints, also rotated or scaled.")
                .findingsOnly());
    }

    @Override
    protected ToolResult analyze(ToolContext context, JsonNode arguments, PixelSource pixels) {
        Optional<String> problem = OpenCvRuntime.problem();
        if (problem.isPresent()) {
            return ToolResult.notApplicable(problem.get());
        }
        KeypointClones clones = KeypointClones.of(context.image(), pixels);
        List<ClonedRegion> regions = clones.regions();
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("analysed_width", clones.planeWidth()).put("analysed_height", clones.planeHeight())
                .put("scale", clones.scale());
        ArrayNode list = data.putArray("regions");
        for (ClonedRegion region : regions) {
            ObjectNode node = list.addObject();
            region.source().writeTo(node.putObject("source"));
            region.target().writeTo(node.putObject("target"));
            node.put("angle", region.angle()).put("scale", region.scale()).put("inliers", region.inliers())
                    .put("source_pixels", region.sourcePixels()).put("target_pixels", region.targetPixels());
            ArrayNode lines = node.putArray("lines");
            region.lines().forEach(l -> lines.addArray().add(l[0]).add(l[1]).add(l[2]).add(l[3]));
        }
        ArrayNode refused = data.putArray("refused");
        clones.refused().forEach(r -> refused.addObject().put("angle", r.angle()).put("scale", r.scale())
                .put("inliers", r.inliers()).put("correlated_pixels", r.correlatedPixels()).put("reason", r.reason()));
        List<String> problems = new ArrayList<>();
        // drawn only to be written, as every tool's picture (a first drawing also starts Java2D's pipeline)
        List<String> artifacts = context.artifactDir() == null ? List.of()
                : PngArtifact.write(context.artifactDir(), "copy-move-keypoints.png", overlay(KeypointClones.plane(pixels), regions),
                        problems);
        problems.forEach(p -> data.put("artifact_problem", p));
        return ToolResult.ok(data, List.of(finding(regions)), artifacts);
    }

    private static Finding finding(List<ClonedRegion> regions) {
        if (regions.isEmpty()) {
            return new Finding("no_keypoint_clone", "No region matches another part of the image by keypoints "
                    + "(at any rotation or scale).");
        }
        ClonedRegion r = regions.get(0);
        return new Finding("copy_move_transformed", String.format(Locale.ROOT,
                "The region %s reappears as %s, rotated by %.1f° and scaled by %.2f (%d matched keypoints agree, "
                + "and %d pixels correlate through the transform)%s.",
                r.source(), r.target(), r.angle(), r.scale(), r.inliers(), r.targetPixels(),
                regions.size() > 1 ? "; " + (regions.size() - 1) + " more cloned region(s)" : ""));
    }

    /** The analysed luminance with each source box in cyan, its target in magenta, and lines between matches. */
    private static BufferedImage overlay(LumaPlane plane, List<ClonedRegion> regions) {
        BufferedImage picture = LumaPicture.of(plane, 1);
        Graphics2D g = picture.createGraphics();
        g.setStroke(new BasicStroke(2));
        double s = plane.scale();
        for (ClonedRegion region : regions) {
            g.setColor(new Color(255, 220, 0));
            for (int[] line : region.lines()) {
                g.drawLine((int) (line[0] / s), (int) (line[1] / s), (int) (line[2] / s), (int) (line[3] / s));
            }
            g.setColor(Color.CYAN);
            g.drawRect((int) (region.source().x() / s), (int) (region.source().y() / s),
                    (int) (region.source().width() / s), (int) (region.source().height() / s));
            g.setColor(Color.MAGENTA);
            g.drawRect((int) (region.target().x() / s), (int) (region.target().y() / s),
                    (int) (region.target().width() / s), (int) (region.target().height() / s));
        }
        g.dispose();
        return picture;
    }
}
