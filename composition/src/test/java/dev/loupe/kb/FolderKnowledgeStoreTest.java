package dev.loupe.kb;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The contract on collections saved as files beside the SQLite database, and that they survive a reopen. */
class FolderKnowledgeStoreTest extends KnowledgeStoreContract {

    @TempDir
    Path dir;

    @Override
    protected KnowledgeStore open() {
        return FileKnowledgeStore.in(dir.resolve("loupe.db.kb"));
    }

    @Test
    void a_reopened_folder_has_what_was_saved() {
        put(store, "guide", "/docs/a.md", "h1", 1, 2);

        KnowledgeStore reopened = FileKnowledgeStore.in(dir.resolve("loupe.db.kb"));

        assertEquals(List.of(new CollectionInfo("guide", 1, 2)), reopened.collections());
        assertEquals("text on axis 2", reopened.search("guide", axis(2, 0), 1, null).get(0).embedded().text());
        assertTrue(Files.isRegularFile(dir.resolve("loupe.db.kb").resolve("guide.chunks.json")));
    }

    @Test
    void a_damaged_collection_file_is_a_one_line_error_naming_it() throws Exception {
        Files.createDirectories(dir.resolve("loupe.db.kb"));
        Files.writeString(dir.resolve("loupe.db.kb").resolve("guide.chunks.json"), "{not json");

        var error = org.junit.jupiter.api.Assertions.assertThrows(dev.loupe.core.LoupeException.class,
                () -> store.sources("guide"));

        assertTrue(error.getMessage().contains("guide.chunks.json: this knowledge base file cannot be read"), error.getMessage());
        assertEquals(dev.loupe.core.LoupeException.Kind.BAD_INPUT, error.kind());
    }
}
