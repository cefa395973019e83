package dev.loupe.tool.forensic.metadata;

import dev.loupe.testing.ExifBlock;
import dev.loupe.testing.MarkedImages;
import dev.loupe.testing.TestImages;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.ToolStatus;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.loupe.tool.forensic.metadata.MetadataToolOnCameraPhotosTest.codes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The metadata tool on files the test writes: synthetic pixels, metadata written as cameras and editors do. */
class MetadataToolOnWrittenFilesTest {

    private static ToolResult run(String name, byte[] bytes) {
        return new MetadataTool().run(ToolContext.of(TestImages.bytes(name, bytes)), null);
    }

    @Test
    void plain_imageio_png_has_no_metadata() {
        ToolResult result = run("plain.png", MarkedImages.png(64, 48));

        assertEquals(List.of("no_metadata"), codes(result));
        assertFalse(result.data().get("exif").get("present").asBoolean());
    }

    @Test
    void camera_exif_on_a_resized_image_reports_the_size_mismatch_and_the_missing_maker_note_and_is_not_intact() {
        byte[] tiff = new ExifBlock().make("Canon").model("Canon EOS 5D").software("Ver.1.00")
                .modifyDate("2020:05:01 10:00:00").dateTimeOriginal("2020:05:01 10:00:00").orientation(1)
                .exifImageSize(4368, 2912).build();

        ToolResult result = run("resized.jpg", MarkedImages.withExif(MarkedImages.jpeg(120, 80), tiff));

        assertEquals(List.of("exif_size_mismatch", "camera_without_makernote"), codes(result));
        assertEquals("camera_firmware", result.data().get("exif").get("software_kind").asText());
        assertEquals(4368, result.data().get("exif").get("exif_image_width").asInt());
    }

    @Test
    void exif_size_turned_by_orientation_six_is_not_a_mismatch() {
        byte[] tiff = new ExifBlock().make("Canon").model("Canon EOS 5D").orientation(6)
                .dateTimeOriginal("2020:05:01 10:00:00").exifImageSize(80, 120).build();

        ToolResult result = run("turned.jpg", MarkedImages.withExif(MarkedImages.jpeg(120, 80), tiff));

        assertEquals(List.of("camera_exif_intact", "camera_without_makernote"), codes(result));
    }

    @Test
    void a_frame_padded_to_whole_blocks_is_not_a_mismatch_but_a_few_pixels_more_off_the_grid_are() {
        byte[] tiff = new ExifBlock().make("Canon").model("Canon EOS 5D")
                .dateTimeOriginal("2020:05:01 10:00:00").exifImageSize(120, 75).build();

        ToolResult padded = run("padded.jpg", MarkedImages.withExif(MarkedImages.jpeg(120, 80), tiff));
        ToolResult offGrid = run("cropped.jpg", MarkedImages.withExif(MarkedImages.jpeg(120, 78), tiff));
        ToolResult twoBlocks = run("cropped.jpg", MarkedImages.withExif(MarkedImages.jpeg(120, 96), tiff));

        assertEquals(List.of("camera_exif_intact", "camera_without_makernote"), codes(padded));
        assertEquals("exif_size_mismatch", codes(offGrid).get(0));
        assertEquals("exif_size_mismatch", codes(twoBlocks).get(0));
    }

    @Test
    void modify_date_three_days_after_capture_is_reported_with_the_gap() {
        byte[] tiff = new ExifBlock().make("NIKON CORPORATION").model("NIKON D50")
                .modifyDate("2020:05:04 12:30:00").dateTimeOriginal("2020:05:01 10:00:00").build();

        ToolResult result = run("late.jpg", MarkedImages.withExif(MarkedImages.jpeg(32, 32), tiff));

        String detail = result.findings().stream().filter(f -> f.code().equals("modify_date_differs"))
                .findFirst().orElseThrow().detail();
        assertTrue(detail.contains("3 days 2 h"), detail);
        assertFalse(codes(result).contains("camera_exif_intact"));
        assertEquals(268_200, result.data().get("exif").get("modify_gap_seconds").asLong());
    }

    @Test
    void camera_exif_with_photoshop_named_only_in_xmp_is_not_intact() {
        byte[] tiff = new ExifBlock().make("Canon").model("Canon EOS 5D").software("Ver.1.00")
                .dateTimeOriginal("2020:05:01 10:00:00").build();
        byte[] jpeg = MarkedImages.withXmp(MarkedImages.withExif(MarkedImages.jpeg(32, 32), tiff),
                MarkedImages.xmpPacket("xmp:CreatorTool", "Adobe Photoshop 25.0 (Windows)"));

        ToolResult result = run("xmp-photoshop.jpg", jpeg);

        assertEquals(List.of("editing_software", "camera_without_makernote"), codes(result));
        assertEquals("The XMP CreatorTool names the editor Adobe Photoshop.", result.findings().get(0).detail());
    }

    @Test
    void gimp_named_in_a_jpeg_comment_counts_as_editing_software() {
        ToolResult result = run("gimp.jpg", MarkedImages.withComment(MarkedImages.jpeg(32, 32), "Created with GIMP"));

        assertEquals(List.of("editing_software"), codes(result));
        assertEquals("Created with GIMP", result.data().get("jpeg_comments").get(0).asText());
    }

    @Test
    void xmp_history_of_photoshop_steps_is_reported() {
        String xmp = MarkedImages.xmpPacket("xmp:CreatorTool", "Adobe Photoshop 25.0 (Windows)")
                .replace("/>\n </rdf:RDF>", ">\n   <xmpMM:History xmlns:xmpMM=\"http://ns.adobe.com/xap/1.0/mm/\""
                        + " xmlns:stEvt=\"http://ns.adobe.com/xap/1.0/sType/ResourceEvent#\"><rdf:Seq>"
                        + "<rdf:li stEvt:action=\"created\" stEvt:softwareAgent=\"Adobe Photoshop 25.0 (Windows)\"/>"
                        + "<rdf:li stEvt:action=\"saved\" stEvt:softwareAgent=\"Adobe Photoshop 25.0 (Windows)\"/>"
                        + "</rdf:Seq></xmpMM:History>\n  </rdf:Description>\n </rdf:RDF>");

        ToolResult result = run("history.jpg", MarkedImages.withXmp(MarkedImages.jpeg(32, 32), xmp));

        assertEquals(List.of("editing_software", "xmp_edit_history"), codes(result));
        assertEquals("created", result.data().get("xmp").get("history_actions").get(0).asText());
        assertEquals("saved", result.data().get("xmp").get("history_actions").get(1).asText());
    }

    @Test
    void exif_with_a_bogus_ifd_count_gives_a_result_with_a_parse_error() {
        byte[] tiff = {'M', 'M', 0, 42, 0, 0, 0, 8, (byte) 0xFF, (byte) 0xFF, 0x01, 0x0F, 0, 2};

        ToolResult result = run("bogus-count.jpg", MarkedImages.withExif(MarkedImages.jpeg(32, 32), tiff));

        assertEquals(ToolStatus.OK, result.status());
        assertTrue(codes(result).contains("metadata_parse_error"), codes(result).toString());
    }

    @Test
    void truncated_exif_segment_gives_a_result_not_an_exception() {
        byte[] tiff = new ExifBlock().make("Canon").model("Canon EOS 5D").dateTimeOriginal("2020:05:01 10:00:00").build();
        byte[] truncated = java.util.Arrays.copyOf(tiff, 30);

        ToolResult result = run("truncated.jpg", MarkedImages.withExif(MarkedImages.jpeg(32, 32), truncated));

        assertEquals(ToolStatus.OK, result.status());
        assertTrue(codes(result).contains("metadata_parse_error"), codes(result).toString());
    }

    @Test
    void exif_kept_as_a_raw_profile_text_chunk_in_a_png_is_read_as_gimp_writes_it() {
        byte[] exif = withExifHeader(new ExifBlock().software("GIMP 2.10.8").orientation(1).build());
        ToolResult result = run("gimp.png", MarkedImages.withPngCompressedText(MarkedImages.png(32, 32),
                "Raw profile type exif", rawProfile(exif, exif.length)));

        assertEquals("GIMP 2.10.8", result.data().get("exif").get("software").asText());
        assertTrue(codes(result).contains("editing_software"));
    }

    @Test
    void raw_profile_declaring_a_billion_bytes_is_ignored() {
        byte[] exif = withExifHeader(new ExifBlock().software("GIMP 2.10.8").build());
        ToolResult result = run("liar.png", MarkedImages.withPngText(MarkedImages.png(32, 32),
                "Raw profile type exif", rawProfile(exif, 1_000_000_000)));

        assertEquals(ToolStatus.OK, result.status());
        assertFalse(result.data().get("exif").get("present").asBoolean());
    }

    /** ImageMagick's layout: a blank line, the profile name, the byte count, then hex, 72 digits a line. */
    private static String rawProfile(byte[] bytes, int declared) {
        StringBuilder hex = new StringBuilder("\nexif\n").append(String.format("%8d", declared)).append('\n');
        for (int i = 0; i < bytes.length; i++) {
            hex.append(String.format("%02x", bytes[i] & 0xFF));
            if (i % 36 == 35) {
                hex.append('\n');
            }
        }
        return hex.append('\n').toString();
    }

    /** "Exif\0\0" before a TIFF block, as the raw profile holds it. */
    private static byte[] withExifHeader(byte[] tiff) {
        return MarkedImages.concat(new byte[] {'E', 'x', 'i', 'f', 0, 0}, tiff);
    }

    @Test
    void png_text_chunk_that_inflates_to_twenty_megabytes_is_skipped_and_the_rest_is_read() throws Exception {
        java.io.ByteArrayOutputStream compressed = new java.io.ByteArrayOutputStream();
        try (var deflater = new java.util.zip.DeflaterOutputStream(compressed)) {
            byte[] zeros = new byte[1 << 20];
            for (int i = 0; i < 20; i++) {
                deflater.write(zeros);
            }
        }
        byte[] chunk = MarkedImages.concat(MarkedImages.latin1("bomb\0\0"), compressed.toByteArray());
        byte[] png = MarkedImages.withPngText(MarkedImages.withPngChunk(MarkedImages.png(32, 32), "zTXt", chunk),
                "Software", "GIMP 2.10.8");

        ToolResult result = run("bomb.png", png);

        assertEquals(ToolStatus.OK, result.status());
        assertTrue(result.data().get("parse_errors").get(0).asText().contains("inflates past 16 MiB"));
        assertEquals("GIMP 2.10.8", result.data().get("png_text").get(0).get("text").asText());
        assertEquals(List.of("editing_software", "metadata_parse_error"), codes(result));
    }

    @Test
    void png_chunk_declaring_more_bytes_than_the_file_holds_is_not_allocated_and_the_rest_is_read() {
        byte[] png = MarkedImages.withPngText(MarkedImages.png(16, 16), "Software", "GIMP 2.10.8");
        // Before IEND, a chunk header declaring 3 GiB followed by ten bytes: metadata-extractor allocated
        // the declared length before reading (256 MB and seconds for a 300-byte file; found by fuzzing).
        byte[] hostile = MarkedImages.concat(java.util.Arrays.copyOf(png, png.length - 12),
                new byte[] {(byte) 0xC0, 0, 0, 0, 't', 'E', 'X', 't', 1, 2, 3, 4, 5, 6, 7, 8, 9, 10},
                java.util.Arrays.copyOfRange(png, png.length - 12, png.length));

        ToolResult result = run("overlong.png", hostile);

        assertEquals(ToolStatus.OK, result.status());
        assertEquals("PNG chunk at " + (png.length - 12) + " declares 3221225472 bytes but 18 remain; the file was read up to it",
                result.data().get("parse_errors").get(0).asText());
        assertEquals("GIMP 2.10.8", result.data().get("png_text").get(0).get("text").asText());
    }
}
