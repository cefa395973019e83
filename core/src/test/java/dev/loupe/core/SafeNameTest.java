package dev.loupe.core;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one rule for ids that become file names, and the check every write under a folder makes. */
class SafeNameTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"a", "case-42", "server_x.1", "3f2b8c1e-9d7a-4c51-8e0f-6a2d9b7c4e10", "A.b_C-d"})
    void plain_names_are_usable(String name) {
        assertTrue(SafeName.isValid(name));
        assertEquals(name, SafeName.require("thread id", name));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", ".", "..", "../x", "../../x", "a/b", "a\\b", "/tmp/x", "C:x", "..%2Fx", "%2e%2e",
            "a..b", ".hidden", "-flag", "_x", "a b", "tab\there", "line\nbreak", "nul\u0000",
            "\uff0e\uff0e\uff0f", "..\u2215x", "\u2024\u2024", "caf\u00e9", "\u0441ase", "x\u200b"})
    void paths_encodings_and_look_alikes_are_refused(String name) {
        assertFalse(SafeName.isValid(name), name);
        LoupeException refused = assertThrows(LoupeException.class, () -> SafeName.require("thread id", name));
        assertEquals(LoupeException.Kind.BAD_INPUT, refused.kind());
        assertTrue(refused.getMessage().startsWith("thread id '"), refused.getMessage());
        assertTrue(refused.getMessage().contains("use 1 to 128 ASCII letters, digits, '.', '_' or '-'"), refused.getMessage());
        assertFalse(refused.getMessage().contains("\n"), refused.getMessage());
    }

    @Test
    void names_longer_than_128_characters_are_refused() {
        assertTrue(SafeName.isValid("a".repeat(128)));
        assertFalse(SafeName.isValid("a".repeat(129)));
    }

    @Test
    void a_refusal_quotes_a_long_id_shortened_and_control_characters_as_question_marks() {
        LoupeException refused = assertThrows(LoupeException.class, () -> SafeName.require("run name", "x\r\n" + "y".repeat(100)));

        assertTrue(refused.getMessage().startsWith("run name 'x??" + "y".repeat(37) + "…' is not usable as a name"),
                refused.getMessage());
    }

    @Test
    void inside_gives_the_name_directly_in_the_folder() {
        assertEquals(dir.toAbsolutePath().resolve("case-42"), SafeName.inside(dir, "case-42"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", ".", "..", "../x", "a/../../x", "a/b", "/tmp/x", "a/.."})
    void inside_refuses_anything_but_one_name_in_the_folder(String name) {
        LoupeException refused = assertThrows(LoupeException.class, () -> SafeName.inside(dir.resolve("out"), name));

        assertTrue(refused.getMessage().startsWith("refusing to write '"), refused.getMessage());
    }

    @Test
    void inside_refuses_a_symbolic_link_in_the_names_place() throws Exception {
        Path outside = Files.createDirectories(dir.resolve("elsewhere"));
        Path out = Files.createDirectories(dir.resolve("out"));
        Files.createSymbolicLink(out.resolve("case-42"), outside);

        LoupeException refused = assertThrows(LoupeException.class, () -> SafeName.inside(out, "case-42"));

        assertEquals("refusing to write 'case-42': a symbolic link is in its place", refused.getMessage());
    }

    @Test
    void from_turns_any_text_into_a_name_by_the_rule() {
        assertEquals("my-caption.yaml", SafeName.from("my/caption.yaml", 80, "graph"));
        assertEquals("x", SafeName.from("../../x", 80, "graph"));
        assertEquals("caf-", SafeName.from("caf\u00e9", 80, "run"));
        assertEquals("run", SafeName.from("\uff0e\uff0e\uff0f", 80, "run"));
        assertEquals("abc", SafeName.from("abcdef", 3, "run"));
        assertEquals("run", SafeName.from("...", 80, "run"));
    }
}
