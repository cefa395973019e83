package dev.loupe.natives;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What does not need ONNX Runtime itself; loading it from the cache is tested where it is a dependency (loupe-forensics-learned). */
class OnnxRuntimeLibraryTest {

    @TempDir
    Path folder;

    @Test
    void names_the_jar_folder_as_onnx_runtime_does() {
        assertEquals(Optional.of("linux-x64"), OnnxRuntimeLibrary.platform("Linux", "amd64"));
        assertEquals(Optional.of("linux-aarch64"), OnnxRuntimeLibrary.platform("Linux", "aarch64"));
        assertEquals(Optional.of("osx-aarch64"), OnnxRuntimeLibrary.platform("Mac OS X", "aarch64"));
        assertEquals(Optional.of("osx-x64"), OnnxRuntimeLibrary.platform("Darwin", "x86_64"));
        assertEquals(Optional.of("win-x64"), OnnxRuntimeLibrary.platform("Windows 11", "amd64"));
        assertEquals(Optional.empty(), OnnxRuntimeLibrary.platform("SunOS", "amd64"));
        assertEquals(Optional.empty(), OnnxRuntimeLibrary.platform("Linux", "sparc"));
    }

    @Test
    void without_onnx_runtime_on_the_class_path_sets_nothing_and_writes_nothing() throws Exception {
        NativeLibraryCache cache = new NativeLibraryCache(folder.resolve("native"));

        assertEquals(Optional.empty(), OnnxRuntimeLibrary.properties(cache, OnnxRuntimeLibraryTest.class));
        assertTrue(Files.notExists(folder.resolve("native")));
    }
}
