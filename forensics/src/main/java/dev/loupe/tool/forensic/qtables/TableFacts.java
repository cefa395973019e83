package dev.loupe.tool.forensic.qtables;

import dev.loupe.image.jpeg.JpegStructure;
import dev.loupe.image.jpeg.JpegStructureParser;
import dev.loupe.tool.forensic.jpeg.IjgQuality;
import dev.loupe.tool.forensic.jpeg.QualityEstimate;
import dev.loupe.tool.forensic.jpeg.SegmentLayout;
import dev.loupe.tool.forensic.metadata.ExifFacts;
import dev.loupe.tool.forensic.metadata.MetadataExtraction;

import java.util.Optional;

/**
 * What the table check reads from one JPEG: the make its EXIF claims and the tables it carries.
 *
 * @param make      the make as the reference keys it ({@code nikon})
 * @param exifMake  the make as the EXIF writes it ({@code NIKON CORPORATION})
 * @param model     the EXIF's model, or ""
 * @param signature the tables' identity ({@link TableSignature})
 * @param quality   the IJG quality the luminance table is closest to
 * @param library   whether the luminance table is libjpeg's standard table at some quality
 * @param libjpegLayout whether the file's table segments are laid out as libjpeg writes them
 *                  ({@link SegmentLayout}): standard tables in a camera's layout were written by the camera
 */
public record TableFacts(String make, String exifMake, String model, String signature, int quality, boolean library,
                         boolean libjpegLayout) {

    /** Facts whose layout is not known, taken to be libjpeg's when the tables are. */
    public TableFacts(String make, String exifMake, String model, String signature, int quality, boolean library) {
        this(make, exifMake, model, signature, quality, library, library);
    }

    /** The facts of a JPEG whose EXIF names a make and which has a luminance table; empty otherwise. */
    public static Optional<TableFacts> of(JpegStructure structure, ExifFacts exif) {
        Optional<String> signature = TableSignature.of(structure);
        if (signature.isEmpty() || exif.make() == null || exif.make().isBlank()) {
            return Optional.empty();
        }
        QualityEstimate luma = IjgQuality.estimate(structure.quantTableOf(0).get().natural(), true);
        return Optional.of(new TableFacts(TableSignature.make(exif.make()), exif.make().trim(),
                exif.model() == null ? "" : exif.model().trim(), signature.get(), luma.quality(), luma.library(),
                SegmentLayout.of(structure).libjpeg()));
    }

    /** As {@link #of(JpegStructure, ExifFacts)} from a file's bytes; empty for anything but such a JPEG. */
    public static Optional<TableFacts> of(byte[] bytes) {
        if (!JpegStructureParser.looksLikeJpeg(bytes)) {
            return Optional.empty();
        }
        return of(JpegStructureParser.parse(bytes), MetadataExtraction.read(bytes).exif());
    }

    /** This file as a row of a reference, credited to {@code source}. */
    public TableReference.Row asRow(String source) {
        return new TableReference.Row(make, model, signature, quality, library, libjpegLayout, source);
    }
}
