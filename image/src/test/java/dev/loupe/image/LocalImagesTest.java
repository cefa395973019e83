package dev.loupe.image;


import dev.loupe.image.ImageFormat;
import dev.loupe.image.ImageLimits;
import dev.loupe.image.ImageLoader;
import dev.loupe.image.LoadedImage;
import dev.loupe.testing.TestImages;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The tools' helpers load files with the loader's signature table, not a looser copy of it. */
class LocalImagesTest {

    @Test
    void a_file_that_only_starts_like_a_gif_is_not_an_image() {
        byte[] notes = "GIF-style notes, not a picture".getBytes(StandardCharsets.US_ASCII);

        assertTrue(LocalImages.of(null, "notes.gif", notes).isEmpty());
    }

    @Test
    void a_jpeg_is_loaded_as_the_analysis_loader_loads_it() {
        byte[] bytes = TestImages.resource(TestImages.OREGON_SMALL).bytes();
        LoadedImage checked = new ImageLoader(ImageLimits.defaults()).load(bytes, "photo.jpg");

        LoadedImage loaded = LocalImages.of(null, "photo.jpg", bytes).orElseThrow();

        assertEquals(ImageFormat.JPEG, loaded.format());
        assertEquals(checked.format(), loaded.format());
        assertEquals(checked.width(), loaded.width());
        assertEquals(checked.height(), loaded.height());
        assertEquals(checked.sha256(), loaded.sha256());
    }
}
