package dev.loupe.image.jpeg;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class SegmentNamesTest {

    @Test
    void app_segments_are_named_by_their_identifiers() {
        assertEquals("Exif", identify(0xE1, "Exif\0\0II*"));
        assertEquals("XMP", identify(0xE1, "http://ns.adobe.com/xap/1.0/\0<x:xmpmeta"));
        assertEquals("ExtendedXMP", identify(0xE1, "http://ns.adobe.com/xmp/extension/\0ABCDEF"));
        assertEquals("ICC_PROFILE", identify(0xE2, "ICC_PROFILE\0\1\1"));
        assertEquals("MPF", identify(0xE2, "MPF\0II*"));
        assertEquals("Ducky", identify(0xEC, "Ducky\0\1"));
        assertEquals("Photoshop 3.0 IRB", identify(0xED, "Photoshop 3.0\08BIM"));
        assertEquals("Adobe", identify(0xEE, "Adobe\0d\0\0"));
        assertEquals("JFIF", identify(0xE0, "JFIF\0\1\2"));
    }

    @Test
    void app11_jumbf_boxes_are_told_apart_from_c2pa_manifests() {
        assertEquals("JUMBF/C2PA", identify(0xEB, "JP\0\1\0\0\0\1\0\0\0\u00ffjumb\0\0\0\u001ejumdc2pa"));
        assertEquals("JUMBF", identify(0xEB, "JP\0\1\0\0\0\1\0\0\0\u00ffjumb\0\0\0\u001ejumdother"));
    }

    @Test
    void binary_payloads_have_no_identifier() {
        assertNull(identify(0xE5, "\u0001\u0002\u0003"));
        assertEquals("SOF2", SegmentNames.markerName(0xC2));
        assertEquals("RST7", SegmentNames.markerName(0xD7));
    }

    private static String identify(int marker, String payload) {
        byte[] bytes = payload.getBytes(StandardCharsets.ISO_8859_1);
        return SegmentNames.appIdentifier(marker, bytes, 0, bytes.length);
    }
}
