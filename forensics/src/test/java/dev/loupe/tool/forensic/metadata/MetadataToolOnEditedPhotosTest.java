package dev.loupe.tool.forensic.metadata;

import dev.loupe.testing.TestImages;
import dev.loupe.tool.Finding;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static dev.loupe.tool.forensic.metadata.MetadataToolOnCameraPhotosTest.codes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Photos that went through an editor (commons-imaging's test images): the editor is named. */
class MetadataToolOnEditedPhotosTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "/data/images/jpg/2/2008-07-27+-+Photo+216+-+WE+a+l'etang+de+Blodelsheim.jpg|Windows Photo Gallery",
            "/data/images/jpg/3/img_F028c_small.jpg|GIMP",
            "/data/images/jpg/7/_DSC6099.jpg|Adobe Photoshop",
            "/data/images/jpg/8/20220514_102409.jpg|GIMP"})
    void edited_photo_names_its_editor_and_is_not_called_intact(String resource, String editor) {
        ToolResult result = new MetadataTool().run(ToolContext.of(TestImages.resource(resource)), null);

        Finding finding = result.findings().stream().filter(f -> f.code().equals("editing_software")).findFirst().orElseThrow();
        assertTrue(finding.detail().contains(editor), finding.detail());
        assertEquals(editor, result.data().get("editors_named").get(0).asText());
        assertEquals("editor", result.data().get("exif").get("software_kind").asText());
        assertTrue(codes(result).contains("modify_date_differs"));
        assertFalse(codes(result).contains("camera_exif_intact"));
    }
}
