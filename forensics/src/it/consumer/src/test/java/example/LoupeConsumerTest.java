package example;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.cfg.PackageVersion;
import dev.loupe.Loupe;
import dev.loupe.graph.AnalysisResult;
import dev.loupe.tool.forensic.ForensicVerdict;
import org.junit.jupiter.api.Test;

import java.net.URL;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a service that embeds Loupe sees: one copy of each library, its own Jackson, a verdict. */
class LoupeConsumerTest {

    @Test
    void analyses_the_sample_with_the_services_own_jackson() {
        try (Loupe loupe = Loupe.builder().graph("forensic").build()) {
            AnalysisResult result = loupe.analyze(Path.of(System.getProperty("sample")));

            ForensicVerdict verdict = ForensicVerdict.of(result.output());
            assertEquals("real", verdict.verdict());
            assertFalse(verdict.evidence().isEmpty());
            assertEquals(result.threadId(), result.toJson().get("thread_id").asText());
        }
        assertEquals(System.getProperty("consumer.jackson"), PackageVersion.VERSION.toString());
    }

    @Test
    void without_opencv_the_keypoint_tool_says_what_to_add_and_the_verdict_stands() {
        try (Loupe loupe = Loupe.builder().graph("forensic").build()) {
            AnalysisResult result = loupe.analyze(Path.of(System.getProperty("sample")));

            JsonNode keypoints = null;
            for (JsonNode detail : result.toJson().get("tool_details")) {
                if (detail.get("tool").asText().equals("copy_move_keypoints")) {
                    keypoints = detail;
                }
            }
            assertEquals("not_applicable", keypoints.get("status").asText());
            assertTrue(keypoints.get("error").asText().contains("add the dependency org.openpnp:opencv"), keypoints.toString());
            assertEquals("real", ForensicVerdict.of(result.output()).verdict());
        }
        assertThrows(ClassNotFoundException.class, () -> Class.forName("org.opencv.core.Mat"));
    }

    @Test
    void the_class_path_holds_one_copy_of_jackson_and_the_plain_library_jars() throws Exception {
        List<URL> copies = Collections.list(getClass().getClassLoader()
                .getResources("com/fasterxml/jackson/databind/ObjectMapper.class"));

        assertEquals(1, copies.size(), copies.toString());
        String engine = Loupe.class.getProtectionDomain().getCodeSource().getLocation().toString();
        assertTrue(engine.endsWith("/loupe-engine-" + System.getProperty("loupe.version") + ".jar"), engine);
        String forensics = ForensicVerdict.class.getProtectionDomain().getCodeSource().getLocation().toString();
        assertTrue(forensics.endsWith("/loupe-forensics-" + System.getProperty("loupe.version") + ".jar"), forensics);
    }

    @Test
    void neither_the_command_line_nor_the_http_server_nor_retrieval_mcp_or_spark_comes_along() {
        for (String absent : List.of("picocli.CommandLine", "io.javalin.Javalin", "org.slf4j.simple.SimpleLogger",
                "dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel",
                "org.apache.pdfbox.Loader", "io.modelcontextprotocol.client.McpClient", "org.apache.spark.SparkContext", "org.postgresql.Driver",
                "dev.loupe.kb.KnowledgeBase", "dev.loupe.mcp.McpTools", "dev.loupe.server.LoupeServer")) {
            assertThrows(ClassNotFoundException.class, () -> Class.forName(absent), absent);
        }
    }
}
