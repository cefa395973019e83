package dev.loupe;

import dev.loupe.core.LoupeException;
import dev.loupe.graph.AnalysisGraph;
import dev.loupe.image.LoadedImage;
import dev.loupe.model.PriceTable;
import dev.loupe.testing.MarkedImages;
import dev.loupe.testing.TestImages;
import org.bsc.langgraph4j.GraphInput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Through the library, a thread id names the thread's folder of tool pictures inside the output
 * folder and nothing else: ids that are paths are refused where they are given, and a run that is
 * handed one anyway writes nothing.
 */
class ThreadIdsAsNamesTest {

    @TempDir
    Path dir;

    private Path out() throws IOException {
        return Files.createDirectories(dir.resolve("sandbox").resolve("out"));
    }

    private static LoadedImage jpeg() {
        return TestImages.bytes("photo.jpg", MarkedImages.jpeg(160, 120));
    }

    /** Every file under {@code dir} that is not inside {@code out}. */
    private List<Path> writtenOutside(Path out) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).filter(file -> !file.startsWith(out)).toList();
        }
    }

    @Test
    void a_plain_id_writes_the_tool_pictures_in_its_own_folder_inside_the_output_folder() throws Exception {
        Path out = out();
        try (Loupe loupe = Loupe.builder().outputDir(out).build()) {
            loupe.analyze(jpeg(), AnalysisOptions.threadId("case-42"));
        }

        try (Stream<Path> pictures = Files.list(out.resolve("case-42"))) {
            assertTrue(pictures.anyMatch(p -> p.getFileName().toString().endsWith(".png")), "the tools wrote pictures");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"../x", "../../x", "ABSOLUTE", "..%2F..%2Fx", "\uff0e\uff0e\uff0fx", "..\u2215x", "a/b"})
    void an_id_that_is_a_path_is_refused_by_the_options_and_nothing_is_written(String given) throws Exception {
        // An absolute path beside the output folder, so that a write there would be seen below.
        String id = given.equals("ABSOLUTE") ? dir.resolve("sandbox").resolve("escaped").toString() : given;
        Path out = out();
        try (Loupe loupe = Loupe.builder().outputDir(out).build()) {
            LoupeException refused = assertThrows(LoupeException.class, () -> loupe.analyze(jpeg(), AnalysisOptions.threadId(id)));

            assertEquals(LoupeException.Kind.BAD_INPUT, refused.kind());
            assertTrue(refused.getMessage().startsWith("thread id '"), refused.getMessage());
            assertEquals(List.of(), loupe.threads().list(10, 0), "no thread was recorded");
        }
        assertEquals(List.of(), writtenOutside(out));
    }

    @Test
    void prompt_runs_and_conversations_refuse_such_ids_too() throws Exception {
        assertThrows(LoupeException.class, () -> PromptOptions.defaults().withThreadId("../x"));
        try (Loupe loupe = Loupe.builder().outputDir(out()).build()) {
            LoupeException refused = assertThrows(LoupeException.class, () -> loupe.chats().start("../conv", (LoadedImage) null));
            assertTrue(refused.getMessage().startsWith("thread id '../conv' is not usable as a name"), refused.getMessage());
        }
    }

    @Test
    void a_run_handed_a_path_as_its_id_past_every_entry_check_refuses_before_writing() throws Exception {
        Path out = out();
        LoadedImage image = jpeg();
        try (Loupe loupe = Loupe.builder().outputDir(out).build()) {
            RecordedRuns runs = new RecordedRuns(loupe.store(), PriceTable.bundled(), out);
            GraphInput input = GraphInput.args(AnalysisGraph.input(image, null));

            for (String id : List.of("../escaped", dir.resolve("sandbox").resolve("escaped").toString(), "a/../../escaped")) {
                LoupeException refused = assertThrows(LoupeException.class,
                        () -> runs.run(loupe.graph(), input, image, id, event -> { }));
                assertTrue(refused.getMessage().startsWith("refusing to write '"), refused.getMessage());
            }
        }
        assertEquals(List.of(), writtenOutside(out));
    }
}
