package dev.loupe.image;

import dev.loupe.testing.TestImages;
import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

class LoadedImageEncodedTest {

    @Test
    void encodes_the_model_image_once_for_every_node_that_sends_it() {
        LoadedImage image = TestImages.resource(TestImages.NIKON_D50);
        AtomicInteger encodings = new AtomicInteger();

        EncodedImage first = image.encoded(512, loaded -> {
            encodings.incrementAndGet();
            return new ImageEncoder(512).encode(loaded);
        });
        EncodedImage second = image.encoded(512, loaded -> {
            encodings.incrementAndGet();
            return new ImageEncoder(512).encode(loaded);
        });

        assertSame(first, second);
        assertEquals(1, encodings.get());
        assertEquals(512, first.width());
    }

    @Test
    void keeps_each_size_apart() {
        LoadedImage image = TestImages.resource(TestImages.NIKON_D50);

        EncodedImage small = image.encoded(256, loaded -> new ImageEncoder(256).encode(loaded));
        EncodedImage large = image.encoded(512, loaded -> new ImageEncoder(512).encode(loaded));

        assertNotSame(small, large);
        assertEquals(256, small.width());
        assertEquals(512, large.width());
    }
}
