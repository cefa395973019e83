package dev.loupe.tool.composition.policy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.data.segment.TextSegment;
import dev.loupe.kb.BundledGuide;
import dev.loupe.kb.BundledVectors;
import dev.loupe.kb.MiniLm;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * The shipped embedding table ({@code kb/bundled-vectors.bin}) holds, for every passage of the
 * bundled guide and every query the offline critic asks, what MiniLM gives that text today. After a
 * change to the guide or to a query, write it again with
 * {@code mvn test -pl composition -am -Dtest=BundledVectorsTest -Dloupe.vectors.write=true -Dsurefire.failIfNoSpecifiedTests=false}.
 */
class BundledVectorsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path FILE = Path.of("composition/src/main/resources").resolve(BundledVectors.RESOURCE);

    @Test
    void the_shipped_table_is_what_minilm_gives_the_guide_s_passages_and_the_critic_s_queries() throws Exception {
        Map<String, float[]> expected = new LinkedHashMap<>();
        for (TextSegment passage : BundledGuide.passages()) {
            expected.put(passage.text(), MiniLm.embed(passage.text()).vector());
        }
        for (String query : criticQueries()) {
            expected.put(query, MiniLm.embed(query).vector());
        }
        if (Boolean.getBoolean("loupe.vectors.write")) {
            Files.write(FILE, BundledVectors.write(expected));
        }

        Map<String, float[]> shipped;
        try (InputStream in = BundledVectorsTest.class.getClassLoader().getResourceAsStream(BundledVectors.RESOURCE)) {
            assertNotNull(in, BundledVectors.RESOURCE + " is missing");
            shipped = BundledVectors.read(in);
        }
        assertEquals(new TreeSet<>(expected.keySet()), new TreeSet<>(shipped.keySet()), "texts: write the table again");
        expected.forEach((text, vector) -> assertArrayEquals(vector, shipped.get(text), 1e-5f, text));
    }

    /** Every query the critic's principles can ask: each measure varied across its thresholds from a plain picture. */
    static TreeSet<String> criticQueries() {
        TreeSet<String> queries = new TreeSet<>();
        List<Consumer<ObjectNode>> variations = List.of(
                m -> { }, m -> subject(m, "thirds", "saliency", 0.2), m -> subject(m, "centre", "saliency", 0.7),
                m -> subject(m, "off_grid", "saliency", 0.005), m -> subject(m, "centre", "faces", 0.05),
                m -> subject(m, "off_grid", "faces", 0.01), m -> subject(m, "thirds", "faces", 0.001),
                m -> o(m, "balance").put("symmetry", 0.9), m -> o(m, "balance").put("left_right", 0.5),
                m -> o(m, "balance").put("top_bottom", -0.5), m -> o(m, "balance").put("left_right", 0.2),
                m -> horizon(m, 0.2, 0.5), m -> horizon(m, 0.2, 0.7), m -> horizon(m, 1.0, 0.5), m -> horizon(m, 5, 0.7),
                m -> horizon(m, 15, 0.7), m -> o(m, "lines").put("to_subject", 1), m -> o(m, "lines").put("leading", 1),
                m -> o(m.put("negative_space", 0.4), "lines").put("edge_density", 0.1),
                m -> o(m.put("negative_space", 0.1), "lines").put("edge_density", 0.3),
                m -> o(m, "exposure").put("clip_bright", 0.05), m -> o(m, "exposure").put("clip_dark", 0.1),
                m -> o(m, "exposure").put("spread", 0.3), m -> o(m, "colour").put("saturation", 0.7),
                m -> o(m, "colour").put("saturation", 0.4).put("hue_spread", 0.8));
        for (Consumer<ObjectNode> variation : variations) {
            ObjectNode measures = plain();
            variation.accept(measures);
            PrincipleScores.of(measures).forEach(p -> queries.add(p.query()));
        }
        return queries;
    }

    private static ObjectNode o(ObjectNode measures, String name) {
        return (ObjectNode) measures.get(name);
    }

    private static ObjectNode plain() {
        ObjectNode m = JSON.createObjectNode();
        m.putObject("subject").put("placement", "off_grid").put("source", "saliency").put("x", 0.4).put("y", 0.4)
                .put("size", 0.1).put("thirds_dist", 0.1).put("centre_dist", 0.14);
        m.putObject("horizon").put("found", false);
        m.putObject("balance").put("left_right", 0.0).put("top_bottom", 0.0).put("symmetry", 0.3);
        m.putObject("lines").put("horizontal", 0.3).put("vertical", 0.3).put("diagonal", 0.1).put("leading", 0)
                .put("to_subject", 0).put("edge_density", 0.2);
        m.put("negative_space", 0.2);
        m.putObject("exposure").put("brightness", 0.5).put("clip_dark", 0.0).put("clip_bright", 0.0).put("spread", 0.8);
        m.putObject("colour").put("saturation", 0.3).put("hue_spread", 0.3);
        return m;
    }

    private static void subject(ObjectNode m, String placement, String source, double size) {
        o(m, "subject").put("placement", placement).put("source", source).put("size", size)
                .put("thirds_dist", placement.equals("thirds") ? 0.02 : 0.1).put("centre_dist", placement.equals("centre") ? 0.02 : 0.2);
    }

    private static void horizon(ObjectNode m, double tilt, double y) {
        o(m, "horizon").put("found", true).put("tilt_deg", tilt).put("y", y);
    }
}
