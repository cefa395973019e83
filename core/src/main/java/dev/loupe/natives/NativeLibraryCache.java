package dev.loupe.natives;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.JarURLConnection;
import java.net.URL;
import java.net.URLConnection;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import java.util.jar.JarEntry;
import java.util.zip.CRC32;

/**
 * A folder of native libraries copied out of the class path once and reused by every later process.
 *
 * <p>A library's file name carries the CRC-32 and size of its content (read from the jar's directory,
 * so finding a cached copy costs no read of the library): a new version of a dependency gets a new
 * file, never an old one. A copy is written to a temporary file beside its final name, checked
 * against that CRC and size, and renamed into place atomically, so a process that stops half-way, or
 * two first runs at once, never leave a half-written library under the final name.
 *
 * <p>The default folder is {@code $XDG_CACHE_HOME/loupe/native} or {@code ~/.cache/loupe/native},
 * made readable by its owner only; the system property {@code loupe.native.cache} names another.
 */
public final class NativeLibraryCache {

    /** The system property naming the cache folder. */
    public static final String FOLDER_PROPERTY = "loupe.native.cache";

    private final Path folder;

    /** A cache in {@code folder} (made on first use). */
    public NativeLibraryCache(Path folder) {
        this.folder = folder;
    }

    /** The cache in the folder the system property names, else the user's cache folder. */
    public static NativeLibraryCache standard() {
        String named = System.getProperty(FOLDER_PROPERTY);
        if (named != null && !named.isBlank()) {
            return new NativeLibraryCache(Path.of(named));
        }
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return new NativeLibraryCache(base.resolve("loupe").resolve("native"));
    }

    /**
     * The cached copy of the class-path resource {@code resource} (such as
     * {@code /org/sqlite/native/Linux/x86_64/libsqlitejdbc.so}), copied there first if needed. Empty
     * when the class path has no such resource; an {@link IOException} when the cache cannot be
     * written (the caller falls back to the library's own loading).
     */
    public Optional<Path> library(Class<?> owner, String resource) throws IOException {
        URL url = owner.getResource(resource);
        if (url == null) {
            return Optional.empty();
        }
        Content content = content(url);
        String base = resource.substring(resource.lastIndexOf('/') + 1);
        Path target = folder.resolve(String.format("%08x-%d-%s", content.crc(), content.size(), base));
        if (Files.isRegularFile(target) && Files.size(target) == content.size()) {
            return Optional.of(target);
        }
        makeFolder();
        Path partial = Files.createTempFile(folder, base + ".", ".part");
        try {
            Content written = copy(url, partial);
            if (!written.equals(content)) {
                throw new IOException("the copy of " + resource + " does not match its jar entry (" + written.size()
                        + " bytes, CRC " + Long.toHexString(written.crc()) + ")");
            }
            try {
                Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(partial);
        }
        return Optional.of(target);
    }

    private void makeFolder() throws IOException {
        if (Files.isDirectory(folder)) {
            return;
        }
        Files.createDirectories(folder);
        if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwx------"));
        }
    }

    /** The CRC-32 and size of the resource: from the jar's directory when it is in a jar, else by reading it. */
    private static Content content(URL url) throws IOException {
        URLConnection connection = url.openConnection();
        if (connection instanceof JarURLConnection jar) {
            JarEntry entry = jar.getJarEntry();
            if (entry.getCrc() >= 0 && entry.getSize() >= 0) {
                return new Content(entry.getCrc(), entry.getSize());
            }
        }
        try (InputStream in = connection.getInputStream()) {
            return transfer(in, OutputStream.nullOutputStream());
        }
    }

    /** Copies the resource to {@code file}; returns what was written. */
    private static Content copy(URL url, Path file) throws IOException {
        try (InputStream in = url.openStream(); OutputStream out = Files.newOutputStream(file)) {
            return transfer(in, out);
        }
    }

    private static Content transfer(InputStream in, OutputStream out) throws IOException {
        CRC32 crc = new CRC32();
        long size = 0;
        byte[] buffer = new byte[1 << 16];
        for (int n; (n = in.read(buffer)) > 0; size += n) {
            crc.update(buffer, 0, n);
            out.write(buffer, 0, n);
        }
        return new Content(crc.getValue(), size);
    }

    private record Content(long crc, long size) {
    }
}
