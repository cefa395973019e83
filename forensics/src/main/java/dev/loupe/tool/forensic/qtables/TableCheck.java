package dev.loupe.tool.forensic.qtables;

import dev.loupe.tool.Finding;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The table check itself: one file's tables against a reference, as one finding. A match is weak
 * evidence for the camera; a library's tables where the make's cameras write their own, another
 * make's tables, or the camera's own tables in the segment layout of a library where that camera
 * writes its own layout, are evidence of a re-encode that kept the EXIF.
 */
public final class TableCheck {

    /** Every code the check may give. */
    public static final List<String> CODES = List.of("qtable_matches_make", "qtable_make_mismatch", "qtable_other_make",
            "qtable_unseen_for_make", "qtable_make_unknown", "qtable_layout_mismatch");

    private TableCheck() {
    }

    public static Finding of(TableFacts file, TableReference reference) {
        List<TableReference.Row> ofMake = reference.ofMake(file.make());
        if (ofMake.isEmpty()) {
            return new Finding("qtable_make_unknown", "The reference holds no tables of " + file.exifMake()
                    + " cameras, so the file's tables cannot be checked against its make.");
        }
        List<TableReference.Row> same = ofMake.stream().filter(r -> r.signature().equals(file.signature())).toList();
        // The camera's tables in libjpeg's segment layout, where every file of them the reference holds is
        // laid out by the camera's own marker writer: a library encoder was given the camera's tables
        // (cjpeg -qtables, GIMP's "use quality settings from original image") and the EXIF put back.
        if (!same.isEmpty() && file.libjpegLayout() && same.stream().noneMatch(TableReference.Row::libjpegLayout)) {
            return new Finding("qtable_layout_mismatch", String.format(Locale.ROOT,
                    "The tables are those a %s wrote (reference: %s), but the file is laid out as libjpeg writes and "
                            + "none of the %d reference files with these tables is: the camera's tables were given to a "
                            + "library encoder and the EXIF kept.",
                    same.get(0).model(), same.get(0).source(), same.size()));
        }
        if (!same.isEmpty()) {
            return new Finding("qtable_matches_make", "The tables are those a " + same.get(0).model()
                    + " wrote (reference: " + same.get(0).source() + "), as the EXIF's make " + file.exifMake() + " would.");
        }
        // libjpeg's tables where the make's cameras write their own say "re-encoded by software" only when
        // the file is laid out as libjpeg writes it: in a camera's layout, the camera chose the standard tables.
        if (file.library() && file.libjpegLayout() && ofMake.stream().noneMatch(TableReference.Row::library)) {
            return new Finding("qtable_make_mismatch", String.format(Locale.ROOT,
                    "The EXIF names %s, whose cameras in the reference (%d files) write their own tables, but the file has "
                            + "libjpeg's tables at quality %d: re-encoded by software with the EXIF kept.",
                    file.exifMake(), ofMake.size(), file.quality()));
        }
        Optional<TableReference.Row> other = reference.rows().stream()
                .filter(r -> r.signature().equals(file.signature()) && !r.make().equals(file.make()) && !r.library())
                .findFirst();
        if (other.isPresent()) {
            return new Finding("qtable_other_make", "The EXIF names " + file.exifMake() + " but the tables are those a "
                    + other.get().model() + " (" + other.get().make() + ") wrote: the image data came from another camera.");
        }
        return new Finding("qtable_unseen_for_make", String.format(Locale.ROOT,
                "The tables (closest to libjpeg quality %d) are not among the %d seen from %s cameras; cameras vary "
                        + "their tables with the quality setting, so this is weak.", file.quality(), ofMake.size(), file.exifMake()));
    }
}
