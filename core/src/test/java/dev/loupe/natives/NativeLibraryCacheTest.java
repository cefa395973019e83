package dev.loupe.natives;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.util.LibraryLoaderUtil;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.zip.CRC32;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NativeLibraryCacheTest {

    /** sqlite-jdbc's native library for this machine: a real library in a real jar on the test class path. */
    private static final String RESOURCE = LibraryLoaderUtil.getNativeLibResourcePath() + "/" + LibraryLoaderUtil.getNativeLibName();

    @TempDir
    Path folder;

    @Test
    void copies_a_library_once_under_its_crc_and_size_and_owner_only_folder() throws Exception {
        NativeLibraryCache cache = new NativeLibraryCache(folder.resolve("native"));

        Path first = cache.library(LibraryLoaderUtil.class, RESOURCE).orElseThrow();

        byte[] original;
        try (InputStream in = LibraryLoaderUtil.class.getResourceAsStream(RESOURCE)) {
            original = in.readAllBytes();
        }
        CRC32 crc = new CRC32();
        crc.update(original);
        assertEquals(String.format("%08x-%d-%s", crc.getValue(), original.length, LibraryLoaderUtil.getNativeLibName()),
                first.getFileName().toString());
        assertArrayEquals(original, Files.readAllBytes(first));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(folder.resolve("native"))));
        try (var left = Files.list(folder.resolve("native"))) {
            assertEquals(List.of(first), left.toList());
        }
    }

    @Test
    void reuses_the_cached_copy_without_writing_it_again() throws Exception {
        NativeLibraryCache cache = new NativeLibraryCache(folder);
        Path first = cache.library(LibraryLoaderUtil.class, RESOURCE).orElseThrow();
        FileTime written = FileTime.fromMillis(1_000_000_000_000L);
        Files.setLastModifiedTime(first, written);

        Path second = cache.library(LibraryLoaderUtil.class, RESOURCE).orElseThrow();

        assertEquals(first, second);
        assertEquals(written, Files.getLastModifiedTime(second));
    }

    @Test
    void replaces_a_truncated_copy_and_ignores_a_leftover_partial_file() throws Exception {
        NativeLibraryCache cache = new NativeLibraryCache(folder);
        Path target = cache.library(LibraryLoaderUtil.class, RESOURCE).orElseThrow();
        long size = Files.size(target);
        Files.write(target, new byte[100]);
        Files.write(folder.resolve(LibraryLoaderUtil.getNativeLibName() + ".123.part"), new byte[10]);

        Path again = cache.library(LibraryLoaderUtil.class, RESOURCE).orElseThrow();

        assertEquals(target, again);
        assertEquals(size, Files.size(again));
    }

    @Test
    void first_runs_at_once_all_get_the_whole_library() throws Exception {
        NativeLibraryCache cache = new NativeLibraryCache(folder);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            Callable<Path> copy = () -> cache.library(LibraryLoaderUtil.class, RESOURCE).orElseThrow();
            List<Future<Path>> results = pool.invokeAll(List.of(copy, copy, copy, copy));
            long size;
            try (InputStream in = LibraryLoaderUtil.class.getResourceAsStream(RESOURCE)) {
                size = in.readAllBytes().length;
            }
            for (Future<Path> result : results) {
                assertEquals(size, Files.size(result.get()));
            }
        } finally {
            pool.shutdown();
        }
        try (var left = Files.list(folder)) {
            assertEquals(List.of(), left.filter(file -> file.toString().endsWith(".part")).toList());
        }
    }

    @Test
    void answers_empty_for_a_resource_the_class_path_lacks() throws Exception {
        assertTrue(new NativeLibraryCache(folder).library(LibraryLoaderUtil.class, "/no/such/libnothing.so").isEmpty());
        try (var left = Files.list(folder)) {
            assertEquals(0, left.count());
        }
    }
}
