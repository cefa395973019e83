package dev.loupe.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.eval.ItemResult;
import dev.loupe.eval.manifest.GeneratedImages;
import dev.loupe.graph.GraphSpecParser;
import dev.loupe.tool.forensic.policy.FileHistory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code loupe eval}'s summary on a manifest with the content set's columns: the bars per content class
 * from a real offline run, the same computation {@code eval calibrate} reports held out.
 */
class EvalContentBarsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** label, category, careful, after for each generated image, in order; the last is marked as generated. */
    private static final String[][] ITEMS = {
            {"real", "camera_original", "", ""}, {"real", "camera_original", "", ""},
            {"real", "processed", "", ""}, {"real", "processed", "", ""}, {"real", "processed", "", ""},
            {"fake", "manipulated", "yes", ""}, {"fake", "manipulated", "yes", ""},
            {"fake", "manipulated", "yes", "messenger"}, {"fake", "manipulated", "no", ""},
            {"fake", "ai_generated", "", ""}};

    @TempDir
    static Path dir;

    static Path run;
    static CliRun evaluated;

    @BeforeAll
    static void evaluate_ten_generated_images_labelled_as_the_content_set_labels_its_classes() throws IOException {
        Path set = dir.resolve("set");
        GeneratedImages.write(set, ITEMS.length, 160, 120, 37);
        Path marked = set.resolve(String.format(Locale.ROOT, "images/generated-%04d.jpg", ITEMS.length - 1));
        Files.write(marked, withComment(Files.readAllBytes(marked), "a lighthouse at dusk\nNegative prompt: blurry\n"
                + "Steps: 20, Sampler: Euler a, CFG scale: 7, Seed: 1234, Size: 160x120, Model: sd15"));
        StringBuilder manifest = new StringBuilder("path,label,category,group,fold,careful,after\n");
        for (int i = 0; i < ITEMS.length; i++) {
            manifest.append(String.format(Locale.ROOT, "images/generated-%04d.jpg,%s,%s,photo-%d,%d,%s,%s%n", i, ITEMS[i][0],
                    ITEMS[i][1], i % 3, i % 3, ITEMS[i][2], ITEMS[i][3]));
        }
        Files.writeString(set.resolve("manifest.csv"), manifest);
        run = dir.resolve("run");
        evaluated = CliRun.of("eval", set.resolve("manifest.csv").toString(), "--out", run.toString(), "--workers", "1");
    }

    @Test
    void the_summary_states_every_bar_with_its_counts_target_and_whether_it_is_met() throws IOException {
        assertEquals(0, evaluated.exitCode(), evaluated.err());
        List<ItemResult> lines = results();
        String out = evaluated.out();

        assertTrue(out.contains("content bars"), out);
        assertTrue(out.matches("(?s).*AI-marked called fake +100\\.0% \\[[0-9.]+–100\\.0\\] \\(1/1\\) +≥ 95%  met.*"), out);
        assertBar(out, "camera originals called real", count(lines, "camera_original", "real"), 2, "≥ 90%");
        assertBar(out, "camera originals called fake", count(lines, "camera_original", "fake"), 2, "≤ 2%");
        assertBar(out, "processed photos called fake", count(lines, "processed", "fake"), 3, "≤ 5%");
        assertBar(out, "uncertain (abstention), all items", (int) lines.stream().filter(l -> "uncertain".equals(l.verdict())).count(),
                ITEMS.length, "≤ 15%");
        assertTrue(out.contains("careful, then processed called fake"), out);
        assertTrue(out.contains("ECE of P(fake), classes balanced [bootstrap over photos]"), out);
    }

    @Test
    void processed_photos_called_real_count_only_those_whose_findings_show_the_camera_encoding() throws IOException {
        assertEquals(0, evaluated.exitCode(), evaluated.err());
        String graph = Files.readString(Path.of("graphs/forensic.yaml"));
        FileHistory history = FileHistory.fromConfig(GraphSpecParser.parse(graph, "graphs/forensic.yaml").policy().settings());
        Predicate<ItemResult> processedWithCamera = l -> "processed".equals(l.expectedCategory())
                && history.cameraEvidence(l.findings());
        List<ItemResult> lines = results();
        int withCamera = (int) lines.stream().filter(processedWithCamera).count();
        int real = (int) lines.stream().filter(processedWithCamera).filter(l -> "real".equals(l.verdict())).count();

        assertTrue(lines.stream().allMatch(l -> !l.findings().isEmpty()), "each line keeps its findings");
        JsonNode bar = JSON.readTree(run.resolve("metrics.json").toFile()).at("/content_bars/processed_with_camera_evidence_called_real");
        assertEquals(withCamera, bar.get("of").asInt());
        assertEquals(real, bar.get("count").asInt());
    }

    @Test
    void a_manifest_without_the_content_set_columns_gets_no_bars() throws IOException {
        Path manifest = GeneratedImages.write(dir.resolve("plain"), 2, 64, 48, 5);
        Path plain = dir.resolve("plain-run");
        CliRun other = CliRun.of("eval", manifest.toString(), "--out", plain.toString());

        assertEquals(0, other.exitCode(), other.err());
        assertFalse(other.out().contains("content bars"), other.out());
        assertFalse(JSON.readTree(plain.resolve("metrics.json").toFile()).has("content_bars"));
    }

    private static void assertBar(String out, String measure, int hits, int of, String target) {
        String line = out.lines().filter(l -> l.strip().startsWith(measure)).findFirst().orElseThrow(() -> new AssertionError(out));
        assertTrue(line.contains("(" + hits + "/" + of + ")"), line);
        assertTrue(line.contains(target), line);
        boolean met = target.startsWith("≤") ? hits <= Double.parseDouble(target.replaceAll("[^0-9.]", "")) / 100 * of + 1e-9
                : hits >= Double.parseDouble(target.replaceAll("[^0-9.]", "")) / 100 * of - 1e-9;
        assertTrue(line.endsWith(met ? "  met" : "NOT MET"), line);
    }

    private static int count(List<ItemResult> lines, String category, String verdict) {
        return (int) lines.stream().filter(l -> category.equals(l.expectedCategory()) && verdict.equals(l.verdict())).count();
    }

    private static List<ItemResult> results() throws IOException {
        List<ItemResult> lines = new ArrayList<>();
        Files.readAllLines(run.resolve("results.jsonl")).forEach(l -> lines.add(ItemResult.parse(l)));
        assertEquals(ITEMS.length, lines.size());
        return lines;
    }

    /** The JPEG with a comment segment (COM) right after its start marker, as AUTOMATIC1111 writes its parameters. */
    private static byte[] withComment(byte[] jpeg, String comment) {
        byte[] text = comment.getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(jpeg, 0, 2);
        out.write(0xFF);
        out.write(0xFE);
        out.write((text.length + 2) >> 8);
        out.write((text.length + 2) & 0xFF);
        out.write(text, 0, text.length);
        out.write(jpeg, 2, jpeg.length - 2);
        return out.toByteArray();
    }
}
