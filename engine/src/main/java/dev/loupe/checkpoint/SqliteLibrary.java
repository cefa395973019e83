package dev.loupe.checkpoint;

import dev.loupe.natives.NativeLibraryCache;
import org.sqlite.util.LibraryLoaderUtil;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Points sqlite-jdbc at a cached copy of its native library. Left alone, the driver copies the
 * library out of its jar to a new temporary file in every process; with {@code org.sqlite.lib.path}
 * and {@code org.sqlite.lib.name} set it loads the named file directly. A user's own setting of those
 * properties wins, and a cache that cannot be written leaves the driver to do as it always did.
 */
final class SqliteLibrary {

    private static final String PATH_PROPERTY = "org.sqlite.lib.path";
    private static final String NAME_PROPERTY = "org.sqlite.lib.name";

    private static boolean prepared;

    private SqliteLibrary() {
    }

    /** Before the first SQLite connection of the process: use the cached library when there is one. */
    static synchronized void prepare() {
        if (prepared) {
            return;
        }
        prepared = true;
        if (System.getProperty(PATH_PROPERTY) != null || System.getProperty(NAME_PROPERTY) != null) {
            return;
        }
        String resource = LibraryLoaderUtil.getNativeLibResourcePath() + "/" + LibraryLoaderUtil.getNativeLibName();
        try {
            Optional<Path> cached = NativeLibraryCache.standard().library(LibraryLoaderUtil.class, resource);
            cached.ifPresent(file -> {
                System.setProperty(PATH_PROPERTY, file.getParent().toString());
                System.setProperty(NAME_PROPERTY, file.getFileName().toString());
            });
        } catch (IOException | RuntimeException e) {
            // The driver's own extraction still works; the cache only saves its time.
        }
    }
}
