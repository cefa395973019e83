package dev.loupe.tool.forensic.qtables;

import dev.loupe.image.jpeg.JpegFixtures;
import dev.loupe.image.jpeg.JpegStructure;
import dev.loupe.image.jpeg.JpegStructureParser;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the segment layout adds to the table check. libjpeg's tables where the reference knows only the
 * make's own tables: a re-save by software when the file is laid out as libjpeg writes it, but a camera
 * that chose the standard tables when the layout is the camera's (the Oregon Scientific DS6639, checked
 * as if its make were only known from a camera that writes its own tables, as a cross-validation fold
 * without the DS6639 sees it). And a camera's own tables given to a library encoder with the EXIF put
 * back (the careful forgery of cjpeg -qtables and exiftool): the tables match the camera, the layout
 * does not (the Canon PowerShot SD750).
 */
class TableCheckLayoutTest {

    private static final byte[] ORIGINAL = JpegFixtures.resource(JpegFixtures.OREGON);
    private static final byte[] CANON = JpegFixtures.resource(JpegFixtures.CANON);

    /** A reference holding one other model of the same make, with tables of its own. */
    private static TableReference ownTablesOnly(TableFacts file) {
        return new TableReference(List.of(new TableReference.Row(file.make(), "DS9999", "0123456789abcdef", 95, false, false, "test")));
    }

    @Test
    void the_cameras_own_file_with_the_standard_tables_is_not_called_a_software_re_encode() {
        TableFacts original = TableFacts.of(ORIGINAL).orElseThrow();

        assertTrue(original.library());
        assertFalse(original.libjpegLayout());
        assertEquals("qtable_unseen_for_make", TableCheck.of(original, ownTablesOnly(original)).code());
    }

    @Test
    void the_same_tables_saved_again_by_a_library_with_the_exif_kept_are_a_mismatch() {
        TableFacts resaved = TableFacts.of(resavedWithExif()).orElseThrow();

        assertTrue(resaved.library());
        assertTrue(resaved.libjpegLayout());
        assertEquals(TableFacts.of(ORIGINAL).orElseThrow().signature(), resaved.signature());
        assertEquals("qtable_make_mismatch", TableCheck.of(resaved, ownTablesOnly(resaved)).code());
    }

    @Test
    void the_cameras_own_tables_saved_by_a_library_with_the_exif_put_back_are_a_layout_mismatch() {
        TableFacts original = TableFacts.of(CANON).orElseThrow();
        TableFacts forged = TableFacts.of(withExifOf(CANON, encodedWithTablesOf(CANON))).orElseThrow();
        TableReference reference = new TableReference(List.of(original.asRow("test")));

        assertFalse(original.library());
        assertFalse(original.libjpegLayout());
        assertEquals(original.signature(), forged.signature());
        assertTrue(forged.libjpegLayout());
        assertEquals("qtable_layout_mismatch", TableCheck.of(forged, reference).code());
        assertEquals("qtable_matches_make", TableCheck.of(original, reference).code());
    }

    @Test
    void a_camera_seen_writing_libjpegs_layout_itself_explains_it() {
        TableFacts forged = TableFacts.of(withExifOf(CANON, encodedWithTablesOf(CANON))).orElseThrow();
        TableReference.Row asTheCameraWroteIt = TableFacts.of(CANON).orElseThrow().asRow("test");
        TableReference.Row inLibjpegsLayout = new TableReference.Row(asTheCameraWroteIt.make(), asTheCameraWroteIt.model(),
                asTheCameraWroteIt.signature(), asTheCameraWroteIt.quality(), false, true, "another file of that camera");

        assertEquals("qtable_matches_make", TableCheck.of(forged, new TableReference(List.of(asTheCameraWroteIt, inLibjpegsLayout))).code());
    }

    @Test
    void the_bundled_reference_records_each_cameras_layout() {
        List<TableReference.Row> canon = TableReference.bundled().ofMake("canon");

        assertTrue(canon.stream().anyMatch(row -> row.model().equals("Canon PowerShot SD750") && !row.libjpegLayout()));
        assertTrue(TableReference.bundled().rows().stream().anyMatch(TableReference.Row::libjpegLayout));
    }

    private static byte[] resavedWithExif() {
        return withExifOf(ORIGINAL, JpegFixtures.encode(JpegFixtures.decode(ORIGINAL), 90));
    }

    /** {@code encoded} with {@code original}'s first segment (its EXIF) in place of the encoder's JFIF segment's place. */
    private static byte[] withExifOf(byte[] original, byte[] encoded) {
        int length = ((original[4] & 0xFF) << 8) | (original[5] & 0xFF);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(encoded, 0, 2);
        out.write(original, 2, 2 + length);
        out.write(encoded, 2, encoded.length - 2);
        return out.toByteArray();
    }

    /** {@code original}'s pixels saved by the JDK's libjpeg-based writer with {@code original}'s own tables. */
    private static byte[] encodedWithTablesOf(byte[] original) {
        JpegStructure structure = JpegStructureParser.parse(original);
        return JpegFixtures.encodeWithTables(JpegFixtures.decode(original), structure.quantTableOf(0).orElseThrow().natural(),
                structure.quantTableOf(1).orElseThrow().natural());
    }
}
