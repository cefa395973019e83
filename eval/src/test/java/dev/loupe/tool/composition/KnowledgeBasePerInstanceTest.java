package dev.loupe.tool.composition;

import dev.loupe.AnalysisOptions;
import dev.loupe.Loupe;
import dev.loupe.checkpoint.StoreLocation;
import dev.loupe.eval.composition.CompositionImages;
import dev.loupe.graph.AnalysisResult;
import dev.loupe.kb.BundledGuide;
import dev.loupe.kb.KnowledgeBase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two Loupe instances in one JVM, each on its own store with its own knowledge base: the
 * {@code composition_search} tool (built by ServiceLoader, as the CLI and server build it) of each
 * reads only its own instance's collection.
 */
class KnowledgeBasePerInstanceTest {

    private static final String QUESTION = "How do I photograph zebra stripes at the waterhole?";

    @TempDir
    Path dir;

    @Test
    void two_instances_with_different_stores_do_not_see_each_others_passages() throws Exception {
        Path image = dir.resolve("level.png");
        ImageIO.write(CompositionImages.horizon(0, 0.62, 2), "png", image.toFile());
        StoreLocation withZebras = store("a");
        StoreLocation plain = store("b");
        Path notes = Files.writeString(dir.resolve("zebras.md"), "# Zebras\n\nZebra stripes at a waterhole read best when "
                + "the herd fills the frame edge to edge, so the stripes become a pattern rather than animals.\n");
        try (KnowledgeBase kb = KnowledgeBase.open(withZebras)) {
            kb.ingest(BundledGuide.COLLECTION, List.of(notes), null);
        }

        AnalysisResult fromA;
        AnalysisResult fromB;
        try (Loupe a = Loupe.builder().graph("composition").store(withZebras).build();
             Loupe b = Loupe.builder().graph("composition").store(plain).build()) {
            // Interleaved, so a process-wide "current" knowledge base would show in one of them.
            fromA = a.analyze(image, AnalysisOptions.defaults().withQuestion(QUESTION));
            fromB = b.analyze(image, AnalysisOptions.defaults().withQuestion(QUESTION));
            AnalysisResult againA = a.analyze(image, AnalysisOptions.defaults().withQuestion(QUESTION));
            assertEquals(fromA.output().get("answer"), againA.output().get("answer"));
        }

        assertTrue(String.valueOf(fromA.output().get("answer")).contains("zebras.md, Zebras ¶1"), String.valueOf(fromA.output()));
        assertTrue(sources(fromA).stream().anyMatch(source -> source.endsWith("zebras.md")), sources(fromA).toString());
        assertFalse(String.valueOf(fromB.output().get("answer")).contains("zebras.md"), String.valueOf(fromB.output()));
        assertTrue(sources(fromB).stream().allMatch(source -> source.equals("bundled:composition-guide.md")), sources(fromB).toString());
    }

    private StoreLocation store(String name) throws Exception {
        return StoreLocation.parse(Files.createDirectories(dir.resolve(name)).resolve("loupe.db").toString());
    }

    @SuppressWarnings("unchecked")
    private static List<String> sources(AnalysisResult result) {
        return ((List<Map<String, Object>>) result.output().get("passages_used")).stream()
                .map(passage -> String.valueOf(passage.get("source"))).toList();
    }
}
