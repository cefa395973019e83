package dev.loupe.tool.forensic;

import dev.loupe.image.ImageFormat;
import dev.loupe.image.LoadedImage;

import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
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
        Optional<ImageFormat> format = sniff(bytes);
        if (format.isEmpty()) {
            return Optional.empty();
        }
        int[] size = size(bytes);
        return Optional.of(new LoadedImage(path, name, bytes, format.get(), size[0], size[1], sha256(bytes)));
    }

    /** The format by signature bytes. */
    public static Optional<ImageFormat> sniff(byte[] b) {
        if (b.length >= 3 && (b[0] & 0xFF) == 0xFF && (b[1] & 0xFF) == 0xD8 && (b[2] & 0xFF) == 0xFF) {
            return Optional.of(ImageFormat.JPEG);
        }
        if (b.length >= 8 && (b[0] & 0xFF) == 0x89 && b[1] == 'P' && b[2] == 'N' && b[3] == 'G') {
            return Optional.of(ImageFormat.PNG);
        }
        if (b.length >= 6 && b[0] == 'G' && b[1] == 'I' && b[2] == 'F') {
            return Optional.of(ImageFormat.GIF);
        }
        if (b.length >= 12 && b[0] == 'R' && b[1] == 'I' && b[2] == 'F' && b[3] == 'F' && b[8] == 'W' && b[9] == 'E') {
            return Optional.of(ImageFormat.WEBP);
        }
        if (b.length >= 4 && ((b[0] == 'I' && b[1] == 'I' && b[2] == 42) || (b[0] == 'M' && b[1] == 'M' && b[3] == 42))) {
            return Optional.of(ImageFormat.TIFF);
        }
        if (b.length >= 2 && b[0] == 'B' && b[1] == 'M') {
            return Optional.of(ImageFormat.BMP);
        }
        return Optional.empty();
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

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
