package dev.loupe.tool.forensic.metadata;

import dev.loupe.image.jpeg.JpegFixtures;
import dev.loupe.testing.TestImages;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Nikon D50 photo with its IFD0 ModifyDate (captured 2007:12:19 21:22:32) rewritten in place: a
 * whole number of hours later, give or take a hand-set clock's drift, is two clocks in two time zones;
 * any other gap is a rewrite.
 */
class ClockOffsetTest {

    private static final String CAPTURED = "2007:12:19 21:22:32";
    private static final String FIRMWARE = "Ver.1.00";

    private final MetadataTool tool = new MetadataTool();

    @Test
    void a_modify_date_seven_hours_after_capture_is_a_time_zone_not_an_edit() {
        List<String> codes = codes("2007:12:20 04:22:32");

        assertTrue(codes.contains("modify_date_time_zone"), codes.toString());
        assertFalse(codes.contains("modify_date_differs"), codes.toString());
        assertTrue(codes.contains("camera_exif_intact"), codes.toString());
    }

    @Test
    void seven_hours_less_four_minutes_of_clock_drift_is_still_a_time_zone() {
        List<String> codes = codes("2007:12:20 04:17:48");

        assertTrue(codes.contains("modify_date_time_zone"), codes.toString());
        assertFalse(codes.contains("modify_date_differs"), codes.toString());
    }

    @Test
    void three_hours_fifty_two_minutes_later_is_a_rewrite() {
        List<String> codes = codes("2007:12:20 01:14:32");

        assertTrue(codes.contains("modify_date_differs"), codes.toString());
        assertFalse(codes.contains("modify_date_time_zone"), codes.toString());
        assertFalse(codes.contains("camera_exif_intact"), codes.toString());
    }

    @Test
    void fifteen_hours_later_is_beyond_any_time_zone() {
        List<String> codes = codes("2007:12:20 12:22:32");

        assertTrue(codes.contains("modify_date_differs"), codes.toString());
        assertFalse(codes.contains("modify_date_time_zone"), codes.toString());
    }

    @Test
    void whole_hours_later_with_an_editor_named_is_a_rewrite() {
        List<String> codes = codes("2007:12:20 04:22:32", "GIMP 2.8");

        assertTrue(codes.contains("editing_software"), codes.toString());
        assertTrue(codes.contains("modify_date_differs"), codes.toString());
        assertFalse(codes.contains("modify_date_time_zone"), codes.toString());
    }

    @Test
    void the_photo_as_the_camera_wrote_it_has_no_date_finding() {
        List<String> codes = codes(CAPTURED);

        assertFalse(codes.contains("modify_date_time_zone"), codes.toString());
        assertFalse(codes.contains("modify_date_differs"), codes.toString());
    }

    private List<String> codes(String modified) {
        return codes(modified, FIRMWARE);
    }

    /**
     * The metadata tool's finding codes on the Nikon photo whose ModifyDate reads {@code modified} and
     * whose Software tag (the camera's firmware, "Ver.1.00") reads {@code software}, of the same length.
     */
    private List<String> codes(String modified, String software) {
        byte[] bytes = JpegFixtures.resource(JpegFixtures.NIKON);
        int firmware = indexOf(bytes, FIRMWARE.getBytes(StandardCharsets.US_ASCII));
        System.arraycopy(software.getBytes(StandardCharsets.US_ASCII), 0, bytes, firmware, FIRMWARE.length());
        byte[] date = CAPTURED.getBytes(StandardCharsets.US_ASCII);
        int at = indexOf(bytes, date);
        // IFD0's DateTime (ModifyDate) is the first of the three date strings the Nikon writes
        assertEquals(208, at);
        System.arraycopy(modified.getBytes(StandardCharsets.US_ASCII), 0, bytes, at, date.length);
        ToolResult result = tool.run(ToolContext.of(TestImages.bytes("nikon.jpg", bytes)), null);
        assertEquals(modified, result.data().get("exif").get("modify_date").asText());
        return MetadataToolOnCameraPhotosTest.codes(result);
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
