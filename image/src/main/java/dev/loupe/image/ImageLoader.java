package dev.loupe.image;

import dev.loupe.core.LoupeException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Optional;

/**
 * Loads an image only after checking it: where it is, how big it is on disk, what its signature
 * bytes say it is, what size its header declares, and whether it is complete. Pixels are never
 * decoded here, so a PNG declaring 60000×60000 is refused before anything is allocated for it.
 *
 * <p>Every refusal is a {@link LoupeException} of kind BAD_INPUT whose message is one line: the file
 * as the caller named it, a colon, and the reason ({@code photo.jpg: the file is empty}).
 */
public final class ImageLoader {

    /** Bytes read per call; see {@link #readAtMost}. */
    private static final int READ_PIECE = 1 << 16;

    private final ImageLimits limits;

    public ImageLoader(ImageLimits limits) {
        this.limits = limits;
    }

    public ImageLoader() {
        this(ImageLimits.defaults());
    }

    /** Reads and checks the file at {@code path}. */
    public LoadedImage load(Path path) {
        return load(path, path.toString());
    }

    /**
     * Reads and checks the file at {@code path}, naming it {@code shown} in messages — as a client named
     * it, when {@code path} is where the server found it. Refusals name no other path: not the allowed
     * folder, not what a link resolved to.
     */
    public LoadedImage load(Path path, String shown) {
        Path source = checkLocation(path, shown);
        if (Files.isDirectory(source)) {
            throw refuse(shown, "a folder, not a file");
        }
        if (!Files.isRegularFile(source)) {
            throw refuse(shown, "not a regular file");
        }
        byte[] bytes;
        try {
            long size = Files.size(source);
            checkSize(shown, size);
            bytes = readAtMost(source, size, limits.maxBytes() + 1);
        } catch (IOException e) {
            throw new LoupeException(LoupeException.Kind.BAD_INPUT, oneLine(shown) + ": cannot be read (" + reason(e) + ")", e);
        }
        // The file may have grown since it was measured.
        checkSize(shown, bytes.length);
        Path fileName = path.getFileName();
        return check(path, fileName == null ? shown : fileName.toString(), shown, bytes);
    }

    /** Checks bytes handed over in memory, named {@code name} in messages. */
    public LoadedImage load(byte[] bytes, String name) {
        checkSize(name, bytes.length);
        return check(null, name, name, bytes);
    }

    /**
     * Refuses missing files and files outside the allowed folder; returns the path to read — the
     * resolved one when a folder is set, so a link swapped after the check is not followed.
     */
    private Path checkLocation(Path path, String shown) {
        Optional<Path> root = limits.allowedRoot();
        if (!Files.exists(path)) {
            // A missing file cannot be resolved, so judge its spelling; existing files are resolved below.
            if (root.isPresent() && !path.toAbsolutePath().normalize().startsWith(root.get().toAbsolutePath().normalize())) {
                throw refuse(shown, "outside the allowed folder");
            }
            throw refuse(shown, "no such file");
        }
        if (root.isEmpty()) {
            return path;
        }
        Path realRoot;
        try {
            realRoot = root.get().toRealPath();
        } catch (IOException e) {
            throw LoupeException.badInput(oneLine(shown) + ": the allowed folder does not exist");
        }
        Path real;
        try {
            real = path.toRealPath();
        } catch (IOException e) {
            throw refuse(shown, "cannot be resolved (" + reason(e) + ")");
        }
        if (!real.startsWith(realRoot)) {
            throw refuse(shown, "outside the allowed folder");
        }
        return real;
    }

    private void checkSize(String shown, long size) {
        if (size == 0) {
            throw refuse(shown, "the file is empty");
        }
        if (size > limits.maxBytes()) {
            throw refuse(shown, LimitText.bytes(size, limits.maxBytes()));
        }
    }

    private LoadedImage check(Path path, String name, String shown, byte[] bytes) {
        ImageFormat format = FormatSniffer.sniff(bytes)
                .orElseThrow(() -> refuse(shown, FormatSniffer.describeUnknown(bytes)));
        Header header;
        try {
            header = readHeader(format, bytes);
        } catch (MalformedImageException e) {
            throw refuse(shown, e.getMessage());
        }
        if (header.width() <= 0 || header.height() <= 0) {
            throw refuse(shown, format + " header declares a " + header.width() + "×" + header.height() + " image");
        }
        if (header.pixels() > limits.maxPixels() || header.width() > Integer.MAX_VALUE || header.height() > Integer.MAX_VALUE) {
            throw refuse(shown, LimitText.pixels(header.width(), header.height(), limits.maxPixels()));
        }
        if (header.incomplete() != null) {
            throw refuse(shown, header.incomplete());
        }
        return new LoadedImage(path, name, bytes, format, (int) header.width(), (int) header.height());
    }

    private static Header readHeader(ImageFormat format, byte[] bytes) {
        return switch (format) {
            case JPEG -> JpegHeader.read(bytes);
            case PNG -> PngHeader.read(bytes);
            case GIF -> GifHeader.read(bytes);
            case WEBP -> WebpHeader.read(bytes);
            case TIFF -> TiffHeader.read(bytes);
            case BMP -> BmpHeader.read(bytes);
        };
    }

    /**
     * Reads the file, {@code expected} bytes long when measured, into an array of that size (no
     * growing buffers: a 12 MB file costs 12 MB, not three times that), then whatever it has grown
     * by, up to {@code limit} bytes in all.
     */
    private static byte[] readAtMost(Path path, long expected, long limit) throws IOException {
        int cap = (int) Math.min(limit, Integer.MAX_VALUE - 8);
        try (InputStream in = Files.newInputStream(path)) {
            byte[] bytes = new byte[(int) Math.min(expected, cap)];
            int read = 0;
            // In pieces: NIO copies a read through a native buffer as large as the request, and keeps
            // that buffer for the thread (12 MB of resident memory for a 24 MP JPEG read in one go).
            for (int n; read < bytes.length && (n = in.read(bytes, read, Math.min(READ_PIECE, bytes.length - read))) > 0; ) {
                read += n;
            }
            if (read < bytes.length) {
                return Arrays.copyOf(bytes, read);
            }
            byte[] more = in.readNBytes(cap - read);
            if (more.length == 0) {
                return bytes;
            }
            byte[] all = Arrays.copyOf(bytes, read + more.length);
            System.arraycopy(more, 0, all, read, more.length);
            return all;
        }
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    private static LoupeException refuse(String shown, String reason) {
        return LoupeException.badInput(oneLine(shown) + ": " + reason);
    }

    /**
     * Why a file could not be read or resolved, without the path the exception names (the server's
     * own, not the one the caller gave).
     */
    private static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof FileSystemException files) {
            return files.getReason() != null ? oneLine(files.getReason()) : e.getClass().getSimpleName();
        }
        return oneLine(e);
    }

    /** Messages are one line even when a file name or an exception message holds a line break. */
    private static String oneLine(Object text) {
        String value = text instanceof Throwable t ? String.valueOf(t.getMessage()) : String.valueOf(text);
        return value.replaceAll("[\\r\\n]+", " ");
    }
}
