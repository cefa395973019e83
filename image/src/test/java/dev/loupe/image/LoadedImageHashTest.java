package dev.loupe.image;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;

class LoadedImageHashTest {

    private static final byte[] ABC = "abc".getBytes(StandardCharsets.US_ASCII);
    private static final String ABC_SHA256 = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

    @Test
    void an_image_loaded_without_a_hash_computes_its_sha256_when_asked() {
        LoadedImage image = new LoadedImage(null, "abc", ABC, ImageFormat.PNG, 1, 1);

        assertEquals(ABC_SHA256, image.sha256());
        assertEquals(ABC_SHA256, image.sha256());
    }

    @Test
    void threads_asking_at_once_all_get_the_same_hash() throws Exception {
        LoadedImage image = new LoadedImage(null, "abc", ABC, ImageFormat.PNG, 1, 1);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            Callable<String> ask = image::sha256;
            for (Future<String> answer : pool.invokeAll(List.of(ask, ask, ask, ask))) {
                assertEquals(ABC_SHA256, answer.get());
            }
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void a_file_read_by_the_loader_hashes_to_the_sha256_of_its_bytes() throws Exception {
        Path file = Path.of("evaluation/samples/camera-original.jpg");
        LoadedImage image = new ImageLoader().load(file);

        assertEquals(ImageLoader.sha256(Files.readAllBytes(file)), image.sha256());
        assertEquals(Files.size(file), image.bytes().length);
    }
}
