package dev.loupe.tool.forensic.qtables;

import dev.loupe.image.jpeg.JpegFixtures;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * libjpeg's tables where the reference knows only the make's own tables: a re-save by software when
 * the file is laid out as libjpeg writes it, but a camera that chose the standard tables when the
 * layout is the camera's (the Oregon Scientific DS6639, checked as if its make were only known from a
 * camera that writes its own tables, as a cross-validation fold without the DS6639 sees it).
 */
class TableCheckLayoutTest {

    private static final byte[] ORIGINAL = JpegFixtures.resource(JpegFixtures.OREGON);

    /** A reference holding one other model of the same make, with tables of its own. */
    private static TableReference ownTablesOnly(TableFacts file) {
        return new TableReference(List.of(new TableReference.Row(file.make(), "DS9999", "0123456789abcdef", 95, false, "test")));
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

    private static byte[] resavedWithExif() {
        byte[] encoded = JpegFixtures.encode(JpegFixtures.decode(ORIGINAL), 90);
        int length = ((ORIGINAL[4] & 0xFF) << 8) | (ORIGINAL[5] & 0xFF);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(encoded, 0, 2);
        out.write(ORIGINAL, 2, 2 + length);
        out.write(encoded, 2, encoded.length - 2);
        return out.toByteArray();
    }
}
