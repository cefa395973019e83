package dev.loupe.tool.forensic.thumbnail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.core.LoupeException;
import dev.loupe.tool.Finding;
import dev.loupe.tool.DefinedTool;
import dev.loupe.tool.ToolDefinition;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.forensic.jpeg.CoefficientPass;
import dev.loupe.tool.forensic.pixel.PixelSource;
import dev.loupe.tool.forensic.pixel.PngArtifact;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javax.imageio.ImageIO;

/** Compares the image with the thumbnail its EXIF block carries: changes after capture show up as differences. */
public final class ThumbnailTool extends DefinedTool {

    /** Thumbnails smaller than this on a side (after removing bars) carry too little to compare. */
    static final int MIN_THUMBNAIL_SIDE = 16;
    /** A thumbnail bigger than this is not a thumbnail; refuse to decode it. */
    static final int MAX_THUMBNAIL_SIDE = 1024;

    public ThumbnailTool() {
        super(ToolDefinition.builder("thumbnail", "1.2.0")
                .description("The image against its EXIF thumbnail: changed regions, local tone or colour shifts, cropping.")
                .findingsOnly()
                .sharedDecode(CoefficientPass.SHARED)
                .build());
    }

    @Override
    public ToolResult run(ToolContext context, JsonNode arguments) {
        String[] reason = new String[1];
        Optional<ExifThumbnail> found = ExifThumbnailLocator.locate(context.image().bytes(), context.image().format(), reason);
        if (found.isEmpty()) {
            return ToolResult.notApplicable(reason[0]);
        }
        ExifThumbnail exif = found.get();
        BufferedImage thumb;
        try {
            thumb = exif.strips() == null ? decode(exif.bytes()) : exif.strips().decode(exif.bytes());
        } catch (IOException | RuntimeException e) {
            return ToolResult.notApplicable("the EXIF thumbnail cannot be decoded (" + e.getMessage() + ")");
        }
        if (thumb == null) {
            return ToolResult.notApplicable("the EXIF thumbnail cannot be decoded");
        }
        PixelSource image;
        try {
            image = PixelSource.of(context.image());
        } catch (LoupeException e) {
            return ToolResult.error(e.getMessage());
        }
        ThumbnailComparison comparison = ThumbnailComparison.of(image, CoefficientPass.planes(context.image()), thumb);
        int[] box = comparison.contentBox();
        if (Math.min(box[2], box[3]) < MIN_THUMBNAIL_SIDE) {
            return ToolResult.notApplicable("the EXIF thumbnail's picture is only " + box[2] + "x" + box[3] + " pixels");
        }
        ObjectNode data = JsonNodeFactory.instance.objectNode();
        data.put("thumbnail_width", thumb.getWidth());
        data.put("thumbnail_height", thumb.getHeight());
        data.put("thumbnail_bytes", exif.bytes().length);
        data.put("thumbnail_encoding", exif.encoding());
        data.put("exif_orientation", exif.orientation());
        ObjectNode content = data.putObject("thumbnail_content");
        content.put("x", box[0]).put("y", box[1]).put("width", box[2]).put("height", box[3]);
        data.put("image_aspect", round(comparison.imageAspect()));
        data.put("thumbnail_aspect", round(comparison.thumbAspect()));
        data.put("aspect_match", !comparison.aspectMismatch());
        data.put("quarter_turns_to_match", comparison.quarterTurns());
        data.put("mean_abs_difference", round(comparison.meanDifference()));
        data.put("thumbnail_sampling", comparison.pointSampled() ? "unfiltered (pixel centres)" : "averaged");
        if (!Double.isNaN(comparison.pointFit())) {
            data.put("point_sampling_fit", round(comparison.pointFit()));
        }
        data.put("cell_threshold", round(comparison.threshold()));
        ArrayNode list = data.putArray("regions");
        List<Finding> findings = new ArrayList<>();
        if (comparison.aspectMismatch()) {
            findings.add(new Finding("thumbnail_aspect_mismatch", "The image's aspect ratio " + round(comparison.imageAspect())
                    + " does not match its EXIF thumbnail's " + round(comparison.thumbAspect())
                    + " in any orientation: it was cropped or resized after capture."));
        }
        data.put("median_cell_difference", round(comparison.medianCell()));
        long area = (long) comparison.imageWidth() * comparison.imageHeight();
        for (ThumbnailRegion region : comparison.regions()) {
            ObjectNode node = list.addObject();
            region.box().writeTo(node.putObject("box"));
            double times = region.difference() / Math.max(0.1, comparison.medianCell());
            node.put("cells", region.cells()).put("difference", round(region.difference()))
                    .put("times_median_cell", round(times)).put("share_of_picture", round((double) region.box().area() / area));
            findings.add(new Finding("thumbnail_mismatch", String.format(Locale.ROOT, "The image differs from its EXIF "
                    + "thumbnail in %s (%.1f%% of the picture; mean difference %.1f levels, %.1f times the %.1f the camera's "
                    + "own thumbnail scaling leaves elsewhere, threshold %.1f): the content there changed after capture.",
                    region.box(), 100.0 * region.box().area() / area, region.difference(), times, comparison.medianCell(),
                    comparison.threshold())));
        }
        // tone shifts were characterised on JPEG thumbnails; against the uncompressed ones of early cameras
        // (DS-7, DC210) the DC210's own saturated reds depart by 11 (threshold 10): stated, not judged
        boolean tonesJudged = exif.strips() == null;
        data.put("tone_shifts_judged", tonesJudged);
        ArrayNode shifts = data.putArray("tone_shifts");
        for (ToneShift shift : comparison.shifts()) {
            ObjectNode node = shifts.addObject();
            shift.box().writeTo(node.putObject("box"));
            ArrayNode levels = node.put("cells", shift.cells()).put("share_of_picture", round((double) shift.box().area() / area))
                    .putArray("shift_rgb");
            for (double level : shift.shift()) {
                levels.add(round(level));
            }
            node.put("detail_ratio", round(shift.detail())).put("score", round(shift.score()));
            if (tonesJudged && shift.score() >= ToneShifts.FINDING_SCORE
                    && comparison.regions().stream().noneMatch(r -> r.box().intersection(shift.box()) > 0)) {
                findings.add(new Finding("thumbnail_tone_shift", String.format(Locale.ROOT, "The image's tone departs from its "
                        + "EXIF thumbnail's in %s (%.1f%% of the picture; shifted %+.1f/%+.1f/%+.1f levels red/green/blue after the "
                        + "camera's tone curve, fine detail %.2f times the thumbnail's; %.1f against a threshold of %.0f, in robust "
                        + "deviations of the image's own cells): the region was retouched after capture.", shift.box(),
                        100.0 * shift.box().area() / area, shift.shift()[0], shift.shift()[1], shift.shift()[2], shift.detail(),
                        shift.score(), ToneShifts.FINDING_SCORE)));
            }
        }
        if (findings.isEmpty()) {
            findings.add(new Finding("thumbnail_consistent", "The image matches its EXIF thumbnail (mean difference "
                    + round(comparison.meanDifference()) + " levels, same aspect ratio)."));
        }
        List<String> problems = new ArrayList<>();
        List<String> artifacts = context.artifactDir() == null ? List.of()
                : PngArtifact.write(context.artifactDir(), "thumbnail.png", ThumbnailPicture.draw(comparison), problems);
        if (!problems.isEmpty()) {
            data.put("artifact_problem", String.join("; ", problems));
        }
        return ToolResult.ok(data, findings, artifacts);
    }

    /** Decodes the thumbnail after checking its declared size, so a hostile header cannot demand a huge raster. */
    private static BufferedImage decode(byte[] bytes) throws IOException {
        try (var input = ImageIO.createImageInputStream(new ByteArrayInputStream(bytes))) {
            var readers = ImageIO.getImageReaders(input);
            if (!readers.hasNext()) {
                return null;
            }
            var reader = readers.next();
            try {
                reader.setInput(input, true, true);
                int w = reader.getWidth(0);
                int h = reader.getHeight(0);
                if (w > MAX_THUMBNAIL_SIDE || h > MAX_THUMBNAIL_SIDE || w < 1 || h < 1) {
                    throw new IOException("declared size " + w + "x" + h + " is not a thumbnail's");
                }
                return reader.read(0);
            } finally {
                reader.dispose();
            }
        }
    }

    private static double round(double value) {
        return Math.round(value * 1000) / 1000.0;
    }
}
