package dev.loupe.image.jpeg;

import dev.loupe.core.LoupeException;
import dev.loupe.image.ImageLoader;
import dev.loupe.image.LoadedImage;
import org.junit.jupiter.api.Test;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The one walk to a JPEG's frame header, which the loader, the structure parser and the metadata
 * tools share, on real camera files and on those files rearranged, padded and cut.
 */
class FrameHeaderSearchTest {

    private static final List<String> CAMERA_FILES = List.of(JpegFixtures.NIKON, JpegFixtures.CANON, JpegFixtures.OREGON,
            JpegFixtures.GIMP);

    @Test
    void finds_the_size_a_decoder_shows_and_the_parser_reads_in_real_camera_files() throws Exception {
        List<byte[]> files = new ArrayList<>();
        CAMERA_FILES.forEach(name -> files.add(JpegFixtures.resource(name)));
        files.add(Files.readAllBytes(Path.of("evaluation/samples/camera-original.jpg")));
        for (byte[] file : files) {
            FrameHeaderSearch frame = search(file);
            BufferedImage decoded = JpegFixtures.decode(file);
            JpegStructure structure = JpegStructureParser.parse(file);

            assertTrue(frame.found(), frame.toString());
            assertEquals(decoded.getWidth(), frame.width());
            assertEquals(decoded.getHeight(), frame.height());
            assertEquals(structure.frame().width(), frame.width());
            assertEquals(frame.offset(), frameSegment(structure).offset());
            LoadedImage loaded = new ImageLoader().load(file, "camera.jpg");
            assertEquals(decoded.getWidth(), loaded.width());
            assertEquals(decoded.getHeight(), loaded.height());
        }
    }

    @Test
    void never_takes_an_exif_thumbnails_own_frame_header_for_the_files() {
        byte[] nikon = JpegFixtures.resource(JpegFixtures.NIKON);
        FrameHeaderSearch frame = search(nikon);
        Segment exif = JpegStructureParser.parse(nikon).segments().stream()
                .filter(s -> s.marker() == 0xE1 && "Exif".equals(s.identifier())).findFirst().orElseThrow();

        int thumbnailFrame = indexOf(nikon, exif.offset(), exif.offset() + exif.length(), 0xFF, 0xC0);
        assertTrue(thumbnailFrame > exif.offset(), "the EXIF block holds a thumbnail with its own SOF0");
        assertTrue(frame.offset() > exif.offset() + exif.length());
        assertEquals(3008, frame.width());
        assertEquals(2000, frame.height());
    }

    @Test
    void finds_every_kind_of_frame_header_and_no_marker_that_only_shares_their_range() {
        for (int marker = 0xC0; marker <= 0xCF; marker++) {
            if (Set.of(0xC4, 0xC8, 0xCC).contains(marker)) {
                continue;
            }
            byte[] file = JpegFixtures.tinyJpeg(37, 21, marker);
            byte[] withLookalikes = insertBefore(file, marker, segment(0xCC, 1, 2), segment(0xC8, 9, 9, 9, 9, 9, 9, 9));

            assertEquals(List.of(37, 21), size(search(file)), "SOF marker " + Integer.toHexString(marker));
            assertEquals(List.of(37, 21), size(search(withLookalikes)), "after DAC and JPG segments, SOF marker "
                    + Integer.toHexString(marker));
            assertEquals(21, JpegStructureParser.parse(withLookalikes).frame().height());
        }
    }

    @Test
    void finds_a_frame_header_after_the_tables_comments_and_app_segments_a_writer_put_first() {
        byte[] nikon = JpegFixtures.resource(JpegFixtures.NIKON);
        // the frame header moved after a large comment and an APP15 segment, and the tables after it
        byte[] late = insertBefore(nikon, 0xC0, segment(0xFE, new byte[60_000]), segment(0xEF, "LATE".getBytes()));

        FrameHeaderSearch frame = search(late);

        assertEquals(List.of(3008, 2000), size(frame));
        assertEquals(frameSegment(JpegStructureParser.parse(late)).offset(), frame.offset());
        assertEquals(3008, new ImageLoader().load(late, "late.jpg").width());
    }

    @Test
    void skips_fill_bytes_and_markers_without_a_length_before_the_frame_header() {
        byte[] canon = JpegFixtures.resource(JpegFixtures.CANON);
        byte[] padded = everyMarkerBeforeTheScan(canon, segment -> new byte[] {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF});
        byte[] withTem = insertBefore(canon, 0xC0, new byte[] {(byte) 0xFF, 0x01, (byte) 0xFF, (byte) 0xD3});

        for (byte[] file : List.of(padded, withTem)) {
            assertEquals(size(search(canon)), size(search(file)));
            assertEquals(JpegStructureParser.parse(canon).frame().width(), JpegStructureParser.parse(file).frame().width());
            assertEquals(search(canon).width(), new ImageLoader().load(file, "padded.jpg").width());
        }
        assertTrue(padded.length > canon.length + 9, "fill bytes were added before several markers");
    }

    @Test
    void a_file_cut_anywhere_before_its_frame_size_is_refused_with_one_line_and_after_it_reads_the_size() {
        byte[] oregon = JpegFixtures.resource(JpegFixtures.OREGON);
        FrameHeaderSearch whole = search(oregon);
        Set<String> before = Set.of("JPEG data is truncated (no frame header)", "JPEG header is truncated",
                "JPEG frame header is truncated");
        for (int cut = 4; cut <= whole.offset() + 40; cut += cut < whole.offset() - 40 ? 997 : 1) {
            byte[] prefix = java.util.Arrays.copyOf(oregon, cut);
            FrameHeaderSearch frame = search(prefix);
            if (cut >= whole.offset() + 9) {
                assertEquals(size(whole), size(frame), "cut at " + cut);
                LoadedImage loaded = new ImageLoader().load(prefix, "cut.jpg"); // a cut scan is allowed, as a partial file
                assertEquals(whole.width(), loaded.width());
            } else {
                assertFalse(frame.found(), "cut at " + cut);
                LoupeException refused = assertThrows(LoupeException.class, () -> new ImageLoader().load(prefix, "cut.jpg"));
                assertTrue(before.stream().anyMatch(refused.getMessage()::contains), "cut at " + cut + ": " + refused.getMessage());
            }
        }
    }

    @Test
    void reads_only_inside_its_bounds_as_for_a_thumbnail_inside_its_parent_file() {
        byte[] tiny = JpegFixtures.tinyJpeg(40, 30);
        FrameHeaderSearch whole = search(tiny);

        assertEquals(FrameHeaderSearch.Outcome.FRAME_CUT, FrameHeaderSearch.find(tiny, 2, whole.offset() + 8).outcome());
        assertEquals(List.of(40, 30), size(FrameHeaderSearch.find(tiny, 2, whole.offset() + 9)));
    }

    @Test
    void stops_at_stray_bytes_where_the_parser_notes_them_and_reads_on() {
        byte[] tiny = JpegFixtures.tinyJpeg(40, 30);
        byte[] stray = insertBefore(tiny, 0xC0, new byte[] {0x41, 0x42, 0x43});

        FrameHeaderSearch frame = search(stray);
        JpegStructure structure = JpegStructureParser.parse(stray);

        assertEquals(FrameHeaderSearch.Outcome.STRAY_BYTES, frame.outcome());
        assertEquals(frameSegment(structure).offset() - 3, frame.offset());
        assertNotNull(structure.frame());
        assertTrue(structure.problems().contains("3 stray bytes between segments at offset " + frame.offset()),
                structure.problems().toString());
    }

    private static FrameHeaderSearch search(byte[] file) {
        return FrameHeaderSearch.find(file, 2, file.length);
    }

    private static List<Integer> size(FrameHeaderSearch frame) {
        return frame.found() ? List.of(frame.width(), frame.height()) : List.of();
    }

    private static Segment frameSegment(JpegStructure structure) {
        return structure.segments().stream().filter(s -> MarkerWalk.isFrameHeader(s.marker())).findFirst().orElseThrow();
    }

    private static int indexOf(byte[] data, int from, int to, int first, int second) {
        for (int i = from; i + 1 < to; i++) {
            if ((data[i] & 0xFF) == first && (data[i + 1] & 0xFF) == second) {
                return i;
            }
        }
        return -1;
    }

    /** A segment with this marker and payload. */
    private static byte[] segment(int marker, byte[] payload) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(new byte[] {(byte) 0xFF, (byte) marker, (byte) ((payload.length + 2) >> 8), (byte) (payload.length + 2)});
        out.writeBytes(payload);
        return out.toByteArray();
    }

    private static byte[] segment(int marker, int... payload) {
        byte[] bytes = new byte[payload.length];
        for (int i = 0; i < payload.length; i++) {
            bytes[i] = (byte) payload[i];
        }
        return segment(marker, bytes);
    }

    /** The file with {@code inserted} put just before its first segment with {@code marker}. */
    private static byte[] insertBefore(byte[] file, int marker, byte[]... inserted) {
        return everyMarkerBeforeTheScan(file, segment -> {
            if (segment.marker() != marker) {
                return new byte[0];
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            for (byte[] bytes : inserted) {
                out.writeBytes(bytes);
            }
            return out.toByteArray();
        }, Map.of(marker, 1));
    }

    private static byte[] everyMarkerBeforeTheScan(byte[] file, Function<Segment, byte[]> before) {
        return everyMarkerBeforeTheScan(file, before, Map.of());
    }

    /**
     * The file rebuilt with {@code before(segment)} ahead of each segment up to the first scan;
     * {@code once} limits a marker to its first occurrence.
     */
    private static byte[] everyMarkerBeforeTheScan(byte[] file, Function<Segment, byte[]> before, Map<Integer, Integer> once) {
        List<Segment> segments = JpegStructureParser.parse(file).segments();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(0xFF);
        out.write(0xD8);
        int copied = 2;
        boolean inserted = false;
        for (Segment segment : segments.subList(1, segments.size())) {
            if (!inserted || !once.containsKey(segment.marker())) {
                byte[] extra = before.apply(segment);
                inserted |= extra.length > 0;
                out.write(file, copied, segment.offset() - copied);
                out.writeBytes(extra);
                copied = segment.offset();
            }
            if (segment.marker() == 0xDA) {
                break;
            }
        }
        out.write(file, copied, file.length - copied);
        return out.toByteArray();
    }
}
