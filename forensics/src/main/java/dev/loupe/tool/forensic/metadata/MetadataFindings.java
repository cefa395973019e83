package dev.loupe.tool.forensic.metadata;

import dev.loupe.tool.Finding;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Derives the metadata tool's findings from what was read. Pure: same input, same findings. */
final class MetadataFindings {

    /** Cameras write ModifyDate equal to DateTimeOriginal, sometimes a second or two later. */
    static final long DATE_TOLERANCE_SECONDS = 2;

    private MetadataFindings() {
    }

    static List<Finding> derive(ImageMetadata metadata, int width, int height) {
        List<Finding> findings = new ArrayList<>();
        Map<String, String> editors = editorsNamed(metadata);
        if (!editors.isEmpty()) {
            List<String> names = List.copyOf(editors.keySet());
            findings.add(new Finding("editing_software", "The " + editors.get(names.get(0)) + " names the editor "
                    + names.get(0) + (names.size() > 1 ? " (also named: " + String.join(", ", names.subList(1, names.size())) + ")" : "") + "."));
        }
        camera(metadata.exif(), !editors.isEmpty() || metadata.xmp().hasEditHistory(), width, height, findings);
        if (metadata.isBare()) {
            findings.add(new Finding("no_metadata", "The file carries no EXIF, XMP, IPTC, text chunks, comments or content credentials"
                    + (metadata.iccDescription() != null ? " (only an ICC profile)" : "")
                    + ", as screenshots, social-media re-encodes and generators leave it."));
        }
        metadata.thumbnail().ifPresent(t -> findings.add(new Finding("exif_thumbnail_present",
                "An EXIF thumbnail of " + t.length() + " bytes" + (t.width() > 0 ? " (" + t.width() + "x" + t.height() + ")" : "")
                        + " is embedded at offset " + t.offset() + ".")));
        XmpFacts xmp = metadata.xmp();
        if (xmp.hasEditHistory()) {
            findings.add(new Finding("xmp_edit_history", "XMP records " + xmp.historyActions().size() + " history steps"
                    + (xmp.historySoftwareAgents().isEmpty() ? "" : " by " + String.join(", ", distinct(xmp.historySoftwareAgents())))
                    + " and " + xmp.documentAncestorsCount() + " Photoshop document ancestors."));
        }
        if (!metadata.errors().isEmpty()) {
            findings.add(new Finding("metadata_parse_error", "Part of the metadata could not be read: "
                    + metadata.errors().get(0) + (metadata.errors().size() > 1 ? " (and " + (metadata.errors().size() - 1) + " more)" : "") + "."));
        }
        return findings;
    }

    /** What the camera EXIF says: intact, or rewritten (later ModifyDate, other size, no maker note). */
    private static void camera(ExifFacts exif, boolean editorNamed, int width, int height, List<Finding> findings) {
        Optional<Long> gap = ExifDates.gapSeconds(exif.dateTimeOriginal(), exif.modifyDate());
        // A gap of whole hours with nothing naming an editor is two clocks in two time zones, not an edit.
        boolean zoneOnly = gap.isPresent() && !editorNamed && ExifDates.clockOffset(gap.get());
        boolean modifiedLater = gap.isPresent() && Math.abs(gap.get()) > DATE_TOLERANCE_SECONDS && !zoneOnly;
        Optional<Finding> mismatch = sizeMismatch(exif, width, height);
        // Intact means as the camera wrote it: its identity and capture date there, and nothing
        // (an editor's name, a later ModifyDate, a changed pixel size) saying it was rewritten.
        if (exif.hasCameraIdentity() && ExifDates.parse(exif.dateTimeOriginal()).isPresent()
                && !editorNamed && !modifiedLater && mismatch.isEmpty()) {
            findings.add(new Finding("camera_exif_intact", "EXIF names the camera " + exif.make() + " " + exif.model()
                    + " with DateTimeOriginal " + exif.dateTimeOriginal() + ", and nothing says it was rewritten."));
        }
        if (modifiedLater) {
            findings.add(new Finding("modify_date_differs", "ModifyDate " + exif.modifyDate() + " is "
                    + ExifDates.describe(Math.abs(gap.get())) + (gap.get() > 0 ? " after" : " before")
                    + " DateTimeOriginal " + exif.dateTimeOriginal() + "."));
        }
        if (zoneOnly) {
            findings.add(new Finding("modify_date_time_zone", "ModifyDate " + exif.modifyDate() + " is "
                    + ExifDates.describe(gap.get()) + " after DateTimeOriginal " + exif.dateTimeOriginal()
                    + ", a whole number of hours give or take a camera clock's drift, and nothing names an editor: "
                    + "two clocks in different time zones, not an edit."));
        }
        mismatch.ifPresent(findings::add);
        if (exif.make() != null && exif.model() != null && !exif.makerNotePresent()) {
            findings.add(new Finding("camera_without_makernote", "EXIF names the camera " + exif.make() + " "
                    + exif.model() + " but has no maker note, which cameras write and EXIF rewriters drop."));
        }
    }

    /** Every editor named anywhere in the metadata, with the first place it was named. */
    static Map<String, String> editorsNamed(ImageMetadata metadata) {
        Map<String, String> editors = new LinkedHashMap<>();
        note(editors, metadata.exif().software(), "EXIF Software tag");
        note(editors, metadata.xmp().creatorTool(), "XMP CreatorTool");
        metadata.xmp().historySoftwareAgents().forEach(agent -> note(editors, agent, "XMP history"));
        metadata.pngText().stream().filter(e -> e.keyword().equalsIgnoreCase("Software"))
                .forEach(e -> note(editors, e.text(), "PNG Software text"));
        metadata.comments().forEach(comment -> note(editors, comment, "JPEG comment"));
        note(editors, metadata.iptc().get("Originating Program"), "IPTC Originating Program");
        return editors;
    }

    private static void note(Map<String, String> editors, String value, String where) {
        EditingSoftware.editorNamedIn(value).ifPresent(name -> editors.putIfAbsent(name, where));
    }

    private static Optional<Finding> sizeMismatch(ExifFacts exif, int width, int height) {
        Integer w = exif.exifImageWidth();
        Integer h = exif.exifImageHeight();
        if (w == null || h == null || w <= 0 || h <= 0 || width <= 0 || height <= 0) {
            return Optional.empty();
        }
        boolean same = coded(w, width) && coded(h, height);
        // Orientations 5..8 turn the picture by 90 degrees; some writers then record the turned size.
        boolean turned = coded(w, height) && coded(h, width) && exif.orientation() != null && exif.orientation() >= 5;
        if (same || turned) {
            return Optional.empty();
        }
        return Optional.of(new Finding("exif_size_mismatch", "EXIF says " + w + "x" + h + " but the image is "
                + width + "x" + height + ", so it was resized or cropped after the camera wrote it."));
    }

    /**
     * Whether a side the EXIF records was coded as {@code coded} pixels: the same, or padded up to whole
     * 8- or 16-pixel blocks, as some camera encoders write the frame header (a crop of under one block
     * that lands on the block grid is not worth a verdict).
     */
    private static boolean coded(int recorded, int coded) {
        return coded == recorded || (coded > recorded && coded - recorded < 16 && coded % 8 == 0);
    }

    private static List<String> distinct(List<String> values) {
        return values.stream().distinct().limit(5).toList();
    }
}
