package dev.loupe.tool.forensic.thumbnail;

import dev.loupe.image.ImageFormat;
import dev.loupe.tool.forensic.TestImages;
import dev.loupe.tool.forensic.pixel.PixelSource;
import org.junit.jupiter.api.Test;

import java.awt.image.BufferedImage;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The comparison with the thumbnail gives the same answer from a JPEG's planes as from its full decode. */
class ThumbnailPathsTest {

    @Test
    void compares_camera_photos_with_their_thumbnails_alike_from_planes_and_from_decoded_pixels() {
        for (String path : List.of(TestImages.NIKON, TestImages.CANON, TestImages.OREGON)) {
            byte[] bytes = TestImages.resource(path);
            ExifThumbnail exif = ExifThumbnailLocator.locate(bytes, ImageFormat.JPEG, new String[1]).orElseThrow();
            BufferedImage thumb = TestImages.decode(exif.bytes());
            ThumbnailComparison fromPlanes = ThumbnailComparison.of(PixelSource.of(TestImages.loaded("p.jpg", bytes)), thumb);
            ThumbnailComparison fromPixels = ThumbnailComparison.of(PixelSource.of(TestImages.decode(bytes)), thumb);
            assertEquals(fromPixels.quarterTurns(), fromPlanes.quarterTurns(), path);
            assertEquals(fromPixels.aspectMismatch(), fromPlanes.aspectMismatch(), path);
            assertEquals(fromPixels.regions().size(), fromPlanes.regions().size(), path);
            // chroma from block means instead of full-resolution chroma: under half a level on average
            assertEquals(fromPixels.meanDifference(), fromPlanes.meanDifference(), 0.5, path);
        }
    }
}
