package dev.loupe.image;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

class LoadedImageDerivedTest {

    private static final Derived<String> UPPER = Derived.named("upper case");
    private static final Derived<Integer> LENGTH = Derived.named("length");

    @Test
    void threads_asking_at_once_share_one_value_made_once() throws Exception {
        LoadedImage image = image("abc");
        AtomicInteger made = new AtomicInteger();
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Callable<String>> asks = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                asks.add(() -> {
                    start.await();
                    return image.derived(UPPER, () -> {
                        made.incrementAndGet();
                        return new String(image.bytes(), StandardCharsets.US_ASCII).toUpperCase();
                    });
                });
            }
            List<Future<String>> answers = new ArrayList<>();
            asks.forEach(ask -> answers.add(pool.submit(ask)));
            start.countDown();
            for (Future<String> answer : answers) {
                assertSame(answers.get(0).get(), answer.get());
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals("ABC", image.derived(UPPER, () -> "never made"));
        assertEquals(1, made.get());
    }

    @Test
    void two_images_with_the_same_path_name_size_and_length_keep_their_own_values() {
        LoadedImage first = image("abc");
        LoadedImage second = image("xyz");

        String a = first.derived(UPPER, () -> new String(first.bytes(), StandardCharsets.US_ASCII).toUpperCase());
        String b = second.derived(UPPER, () -> new String(second.bytes(), StandardCharsets.US_ASCII).toUpperCase());

        assertEquals("ABC", a);
        assertEquals("XYZ", b);
    }

    @Test
    void a_forgotten_value_is_made_again_and_other_keys_are_kept() {
        LoadedImage image = image("abc");
        String first = image.derived(UPPER, () -> new String("ABC"));
        Integer length = image.derived(LENGTH, () -> 3);

        image.forget(UPPER);

        String again = image.derived(UPPER, () -> new String("ABC"));
        assertEquals(first, again);
        assertNotSame(first, again);
        assertSame(length, image.derived(LENGTH, () -> -1));
    }

    @Test
    void a_failed_make_keeps_nothing_and_the_next_ask_tries_again() {
        LoadedImage image = image("abc");

        assertThrows(IllegalStateException.class, () -> image.derived(UPPER, () -> {
            throw new IllegalStateException("decode failed");
        }));

        assertEquals("ABC", image.derived(UPPER, () -> "ABC"));
    }

    private static LoadedImage image(String content) {
        return new LoadedImage(Path.of("same.png"), "same.png", content.getBytes(StandardCharsets.US_ASCII),
                ImageFormat.PNG, 1, 1);
    }
}
