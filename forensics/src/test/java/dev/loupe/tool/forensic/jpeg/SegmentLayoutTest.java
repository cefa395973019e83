package dev.loupe.tool.forensic.jpeg;

import dev.loupe.image.jpeg.JpegFixtures;
import dev.loupe.image.jpeg.JpegStructureParser;
import dev.loupe.tool.Finding;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.testing.TestImages;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Oregon Scientific DS6639 writes libjpeg's standard tables at quality 90 with its own marker
 * writer (both tables in one DQT segment, the Huffman tables before the frame header); the same photo
 * saved again by a libjpeg-style encoder at the same quality, with the camera's EXIF put back, carries
 * the very same tables in libjpeg's layout.
 */
class SegmentLayoutTest {

    private final JpegTool tool = new JpegTool();

    @Test
    void the_oregon_camera_writes_the_standard_tables_in_a_layout_of_its_own() {
        byte[] original = JpegFixtures.resource(JpegFixtures.OREGON);

        SegmentLayout layout = SegmentLayout.of(JpegStructureParser.parse(original));
        ToolResult result = run(original);

        assertFalse(layout.libjpeg());
        assertEquals("one DQT segment holds several quantization tables", layout.departure());
        assertEquals(List.of("standard_tables_camera_layout"), codes(result));
        assertTrue(result.data().get("standard_ijg_tables").asBoolean());
        assertFalse(result.data().get("libjpeg_layout").asBoolean());
    }

    @Test
    void the_same_photo_saved_again_with_its_exif_put_back_reads_as_a_library_re_save() {
        byte[] resaved = resavedWithExif(JpegFixtures.resource(JpegFixtures.OREGON), 90);

        ToolResult result = run(resaved);

        assertTrue(SegmentLayout.of(JpegStructureParser.parse(resaved)).libjpeg());
        assertEquals(List.of("standard_ijg_tables"), codes(result));
        assertEquals(90, result.data().get("ijg_quality").asInt());
        assertTrue(result.data().get("libjpeg_layout").asBoolean());
    }

    @Test
    void huffman_tables_ahead_of_the_frame_header_are_a_cameras_layout() {
        byte[] resaved = resavedWithExif(JpegFixtures.resource(JpegFixtures.OREGON), 90);
        byte[] moved = huffmanBeforeFrame(resaved);

        SegmentLayout layout = SegmentLayout.of(JpegStructureParser.parse(moved));

        assertFalse(layout.libjpeg());
        assertEquals("the Huffman tables come before the frame header", layout.departure());
        assertEquals(List.of("standard_tables_camera_layout"), codes(run(moved)));
    }

    @Test
    void a_dri_segment_declaring_no_restart_interval_is_a_cameras_layout() {
        byte[] resaved = resavedWithExif(JpegFixtures.resource(JpegFixtures.OREGON), 90);

        SegmentLayout declaredNone = SegmentLayout.of(JpegStructureParser.parse(withZeroDriBeforeFrame(resaved)));

        assertFalse(declaredNone.libjpeg());
        assertEquals("a DRI segment declares a restart interval of 0", declaredNone.departure());
        assertEquals(List.of("standard_tables_camera_layout"), codes(run(withZeroDriBeforeFrame(resaved))));
        assertTrue(SegmentLayout.of(JpegStructureParser.parse(resaved)).libjpeg(), "no DRI at all is libjpeg's default");
    }

    @Test
    void restart_markers_with_the_standard_tables_are_a_cameras_layout() {
        byte[] resaved = resavedWithExif(JpegFixtures.resource(JpegFixtures.OREGON), 90);
        byte[] restarting = withDriBeforeScan(resaved, 4);

        SegmentLayout layout = SegmentLayout.of(JpegStructureParser.parse(restarting));

        assertFalse(layout.libjpeg());
        assertEquals("restart markers every 4 MCUs, which library encoders write only when asked", layout.departure());
        assertEquals(List.of("standard_tables_camera_layout"), codes(run(restarting)));
    }

    /**
     * The same file with a DRI segment declaring {@code interval} in front of SOS, where hardware encoders
     * put it. Only the headers are read here: the scan is not cut into restart intervals.
     */
    private static byte[] withDriBeforeScan(byte[] jpeg, int interval) {
        int sos = JpegStructureParser.parse(jpeg).segments().stream().filter(s -> s.name().equals("SOS"))
                .findFirst().orElseThrow().offset();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(jpeg, 0, sos);
        out.write(new byte[] {(byte) 0xFF, (byte) 0xDD, 0, 4, (byte) (interval >> 8), (byte) interval}, 0, 6);
        out.write(jpeg, sos, jpeg.length - sos);
        return out.toByteArray();
    }

    /** The same file with a DRI segment declaring a restart interval of 0 in front of SOF0 (the scan decodes as before). */
    private static byte[] withZeroDriBeforeFrame(byte[] jpeg) {
        int sof = JpegStructureParser.parse(jpeg).segments().stream().filter(s -> s.name().equals("SOF0"))
                .findFirst().orElseThrow().offset();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(jpeg, 0, sof);
        out.write(new byte[] {(byte) 0xFF, (byte) 0xDD, 0, 4, 0, 0}, 0, 6);
        out.write(jpeg, sof, jpeg.length - sof);
        return out.toByteArray();
    }

    /** The photo decoded and encoded again by ImageIO (libjpeg's layout), its EXIF segment put back after SOI. */
    static byte[] resavedWithExif(byte[] original, int quality) {
        byte[] encoded = JpegFixtures.encode(JpegFixtures.decode(original), quality);
        int app1 = 2;
        int length = ((original[app1 + 2] & 0xFF) << 8) | (original[app1 + 3] & 0xFF);
        assertEquals(0xE1, original[app1 + 1] & 0xFF, "the photo opens with its EXIF segment");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(encoded, 0, 2);
        out.write(original, app1, 2 + length);
        out.write(encoded, 2, encoded.length - 2);
        return out.toByteArray();
    }

    /** The same file with its DHT segments moved in front of the SOF0 segment (nothing else changed). */
    private static byte[] huffmanBeforeFrame(byte[] jpeg) {
        var segments = JpegStructureParser.parse(jpeg).segments();
        var sof = segments.stream().filter(s -> s.name().equals("SOF0")).findFirst().orElseThrow();
        var dht = segments.stream().filter(s -> s.name().equals("DHT")).toList();
        int dhtStart = dht.get(0).offset();
        var last = dht.get(dht.size() - 1);
        int dhtEnd = last.offset() + 2 + last.length();
        assertTrue(sof.offset() + 2 + sof.length() == dhtStart, "ImageIO writes the DHT segments right after SOF0");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(jpeg, 0, sof.offset());
        out.write(jpeg, dhtStart, dhtEnd - dhtStart);
        out.write(jpeg, sof.offset(), dhtStart - sof.offset());
        out.write(jpeg, dhtEnd, jpeg.length - dhtEnd);
        return out.toByteArray();
    }

    private ToolResult run(byte[] bytes) {
        return tool.run(ToolContext.of(TestImages.bytes("test.jpg", bytes)), null);
    }

    private static List<String> codes(ToolResult result) {
        return result.findings().stream().map(Finding::code).filter(c -> c.contains("standard") || c.contains("quality")
                || c.equals("camera_quantization")).toList();
    }
}
