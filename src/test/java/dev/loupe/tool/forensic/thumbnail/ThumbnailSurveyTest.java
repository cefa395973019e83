package dev.loupe.tool.forensic.thumbnail;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.forensic.ExifSplice;
import dev.loupe.tool.forensic.TestImages;
import org.junit.jupiter.api.Test;

import java.awt.image.BufferedImage;
import java.nio.file.Path;

class ThumbnailSurveyTest {
    @Test
    void survey() {
        ThumbnailTool tool = new ThumbnailTool();
        for (String path : TestImages.UNTOUCHED) {
            Path out = Path.of("/tmp/px/th/" + path.replaceAll("[^A-Za-z0-9]", "_"));
            ToolResult result = tool.run(new ToolContext(TestImages.load(path), out), JsonNodeFactory.instance.objectNode());
            System.out.println(path + " " + result.toJson());
        }
        byte[] original = TestImages.resource(TestImages.CANON);
        BufferedImage canon = TestImages.rgbCopy(TestImages.decode(original));
        BufferedImage nikon = TestImages.decode(TestImages.resource(TestImages.NIKON));
        canon.getGraphics().drawImage(nikon.getSubimage(1200, 1000, 400, 300), 300, 1300, null);
        byte[] tampered = ExifSplice.withSegment(TestImages.jpeg(canon, 0.95f), ExifSplice.exifSegment(original));
        ToolResult result = tool.run(new ToolContext(TestImages.loaded("t.jpg", tampered), Path.of("/tmp/px/th/paste")), JsonNodeFactory.instance.objectNode());
        System.out.println("PASTE " + result.toJson());
    }
}
