package dev.loupe.image;

import dev.loupe.image.FormatSniffer;
import dev.loupe.image.ImageFormat;
import dev.loupe.image.LoadedImage;

import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Loads image files for the forensic tools' command-line helpers (benchmark, agreement checks):
 * sniffs the format from the signature bytes and reads the declared size without decoding pixels.
 * The analysis path has its own, stricter loader; this one only serves the tools' own mains.
 */
public final class LocalImages {

    private LocalImages() {
    }

    /** The image files under each path (a file, or a folder searched recursively), sorted. */
    public static List<Path> list(List<String> paths) throws IOException {
        List<Path> files = new ArrayList<>();
        for (String arg : paths) {
            Path path = Path.of(arg);
            if (Files.isDirectory(path)) {
                try (Stream<Path> walk = Files.walk(path)) {
                    walk.filter(Files::isRegularFile).sorted().forEach(files::add);
                }
            } else {
                files.add(path);
            }
        }
        return files;
    }

    /** The file as a {@link LoadedImage}, or empty when it is not an image format Loupe knows. */
    public static Optional<LoadedImage> load(Path file) throws IOException {
        return of(file, file.getFileName().toString(), Files.readAllBytes(file));
    }

    /** Bytes handed over with a name, as a {@link LoadedImage}; empty when not a known format. */
    public static Optional<LoadedImage> of(Path path, String name, byte[] bytes) {
        Optional<ImageFormat> format = FormatSniffer.sniff(bytes);
        if (format.isEmpty()) {
            return Optional.empty();
        }
        int[] size = size(bytes);
        // the SHA-256 is computed if a tool asks for it (a benchmark's rounds would otherwise pay for it)
        return Optional.of(new LoadedImage(path, name, bytes, format.get(), size[0], size[1]));
    }

    private static int[] size(byte[] bytes) {
        try (ImageInputStream in = ImageIO.createImageInputStream(new ByteArrayInputStream(bytes))) {
            Iterator<ImageReader> readers = ImageIO.getImageReaders(in);
            if (readers.hasNext()) {
                ImageReader reader = readers.next();
                try {
                    reader.setInput(in);
                    return new int[] {reader.getWidth(0), reader.getHeight(0)};
                } finally {
                    reader.dispose();
                }
            }
        } catch (IOException | RuntimeException e) {
            // an unreadable header leaves the size unknown; the tools treat 0 as unknown
        }
        return new int[] {0, 0};
    }
}
