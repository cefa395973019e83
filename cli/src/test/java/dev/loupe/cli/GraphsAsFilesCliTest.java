package dev.loupe.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Graphs are files: listed, run by name or path, and their threads replayed, from the command line. */
class GraphsAsFilesCliTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void graph_list_names_every_bundled_graph_with_its_description() {
        CliRun run = CliRun.of("graph", "list");

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().lines().anyMatch(l -> l.startsWith("forensic") && l.contains("Is the content authentic")), run.out());
        assertTrue(run.out().lines().anyMatch(l -> l.startsWith("describe") && l.contains("orientation")), run.out());
    }

    @Test
    void the_describe_graph_runs_by_name_and_its_thread_replays_identically() throws Exception {
        Path image = picture("wide.png", 200, 100, new Color(20, 40, 210));
        String store = dir.resolve("loupe.db").toString();

        CliRun run = CliRun.of("analyze", image.toString(), "--graph", "describe", "--json", "--store", store);

        assertEquals(0, run.exitCode(), run.err());
        JsonNode result = JSON.readTree(run.out());
        assertEquals("describe", result.get("graph").asText());
        assertEquals("landscape", result.get("orientation").asText());
        assertEquals("blue", result.get("colour").asText());
        assertEquals("saturated", result.get("colourfulness").asText());
        CliRun replay = CliRun.of("threads", "replay", result.get("thread_id").asText(), "--graph", "describe", "--store", store);
        assertEquals(0, replay.exitCode(), replay.err());
        assertTrue(replay.out().contains("identical"), replay.out());
    }

    @Test
    void eval_scores_a_files_only_graph_by_the_manifest_columns_that_name_its_fields() throws Exception {
        Files.createDirectories(dir.resolve("set"));
        StringBuilder manifest = new StringBuilder("path,orientation,colour\n");
        Object[][] items = {{"a.png", 200, 100, new Color(200, 20, 20), "landscape", "red"},
                {"b.png", 80, 160, new Color(20, 150, 30), "portrait", "green"},
                {"c.png", 120, 120, new Color(20, 40, 210), "square", "blue"},
                {"d.png", 160, 90, new Color(235, 235, 235), "landscape", "blue"}};
        for (Object[] item : items) {
            Path file = picture("set/" + item[0], (int) item[1], (int) item[2], (Color) item[3]);
            manifest.append(dir.resolve("set").relativize(file)).append(',').append(item[4]).append(',').append(item[5]).append('\n');
        }
        Files.writeString(dir.resolve("set/manifest.csv"), manifest.toString());
        Path out = dir.resolve("run");

        CliRun run = CliRun.of("eval", dir.resolve("set/manifest.csv").toString(), "--graph", "describe", "--out", out.toString());

        assertEquals(0, run.exitCode(), run.err());
        JsonNode metrics = JSON.readTree(out.resolve("metrics.json").toFile());
        assertEquals(4, metrics.at("/field_accuracy/orientation/successes").asInt(), metrics.toString());
        assertEquals(3, metrics.at("/field_accuracy/colour/successes").asInt(), "d.png is white, not the blue the manifest says");
        assertEquals(3, metrics.at("/exact_match/successes").asInt());
        assertEquals(4, metrics.at("/exact_match/trials").asInt());
        assertTrue(Files.readString(out.resolve("report.html")).contains("Field accuracy"));
        assertTrue(run.out().contains("field orientation"), run.out());
    }

    @Test
    void a_graph_file_given_by_path_prints_its_own_fields() throws Exception {
        Path graph = dev.loupe.testing.GraphFixtures.captionGraph(dir.resolve("mine"));
        Path image = picture("tall.png", 50, 120, new Color(230, 230, 230));

        CliRun run = CliRun.of("analyze", image.toString(), "--graph", graph.toString());

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().startsWith("tall.png: caption"), run.out());
        assertTrue(run.out().contains("  shape: tall"), run.out());
        assertTrue(run.out().contains("  main_colour: white"), run.out());
    }

    @Test
    void an_unknown_graph_is_one_line_naming_the_known_ones() {
        Path image = picture("x.png", 20, 20, Color.GRAY);

        CliRun byName = CliRun.of("analyze", image.toString(), "--graph", "nosuch");
        CliRun byPath = CliRun.of("analyze", image.toString(), "--graph", dir.resolve("missing.yaml").toString());

        assertEquals(2, byName.exitCode());
        assertEquals(1, byName.errLines().size(), byName.err());
        assertTrue(byName.err().contains("no graph named 'nosuch'; known: ") && byName.err().contains("describe"), byName.err());
        assertEquals(2, byPath.exitCode());
        assertTrue(byPath.err().contains("missing.yaml: no graph file there"), byPath.err());
    }

    private Path picture(String name, int width, int height, Color colour) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setColor(colour);
        g.fillRect(0, 0, width, height);
        g.dispose();
        Path file = dir.resolve(name);
        try {
            ImageIO.write(image, "png", file.toFile());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return file;
    }
}
