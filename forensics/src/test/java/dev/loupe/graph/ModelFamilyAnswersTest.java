package dev.loupe.graph;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loupe.tool.forensic.ForensicVerdict;
import dev.loupe.testing.OpenAiStub;
import dev.loupe.testing.StubScene;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Final answers written the way real model families write them, through the compiled forensic graph
 * with the agent and a repairing structuring model on the real langchain4j OpenAI client: the stated
 * verdict comes out, the fields left out are derived by the graph file's rules and listed, and no
 * repair call is made (the stub sees the agent's one request and nothing else).
 */
class ModelFamilyAnswersTest {

    @RegisterExtension
    final StubScene scene = new StubScene(48, 32);
    private final OpenAiStub stub = scene.stub();

    @BeforeEach
    void start() {
        stub.otherwise(body -> OpenAiStub.text("{\"verdict\": \"uncertain\", \"confidence\": 0.1, \"category\": \"unknown\","
                + " \"rationale\": \"repaired\"}", 5, 5));
    }

    private AnalysisResult analyseWhenTheAgentAnswers(String answer) {
        stub.enqueue(OpenAiStub.text(answer, 10, 10));
        return StubbedGraph.run(StubbedGraph.structuringOn(stub, StubbedGraph.spec(stub, 3, List.of())), List.of(), scene.loaded());
    }

    static Stream<Arguments> answers() {
        return Stream.of(
                Arguments.of("JSON in a fence without a category", """
                        The provenance tool found AUTOMATIC1111 generation parameters in a PNG text chunk.
                        ```json
                        {"verdict": "AI-generated", "confidence": 0.92, "rationale": "Generator parameters are embedded."}
                        ```""", "fake", 0.92, "ai_generated", List.of("category", "evidence")),
                Arguments.of("bold labels in prose", """
                        I examined the metadata, the error levels and the noise.

                        **Verdict:** Manipulated — the sky was spliced in
                        **Confidence:** 80%

                        **Reasoning:** The ELA heatmap shows a bright rectangle in the upper left, and the noise there \
                        differs from the rest of the frame.""", "fake", 0.8, "manipulated", List.of("category", "evidence")),
                Arguments.of("a markdown table, one field per row", """
                        Here is my assessment:

                        | Field | Value |
                        |---|---|
                        | Verdict | Real |
                        | Confidence | High (0.85) |
                        | Rationale | EXIF names a Canon EOS R5 with an intact maker note. |
                        """, "real", 0.85, "unknown", List.of("category", "evidence")),
                Arguments.of("a markdown table, one field per column", """
                        | Verdict | Confidence | Category | Explanation |
                        |---------|------------|----------|-------------|
                        | Fake    | 0.7        | spliced  | A region is cloned. |
                        """, "fake", 0.7, "manipulated", List.of("evidence")),
                Arguments.of("JSON with renamed and extra fields", """
                        {"classification": "synthetic", "certainty": 0.93, "explanation": "No camera metadata, \
                        diffusion-like texture.", "artifacts": ["smooth skin", "warped text"], "model_used": "unknown"}""",
                        "fake", 0.93, "ai_generated", List.of("category", "evidence")),
                Arguments.of("a think block, then capitalised JSON inside a sentence", """
                        <think>Maybe it is real? {"verdict": "real"} No: the software tag says Photoshop.</think>
                        Based on the tool results my answer is {"Verdict": "FAKE", "Confidence": "0.9", "Category": "edited"} \
                        because the Photoshop software tag is decisive.""", "fake", 0.9, "unknown", List.of("category", "rationale", "evidence")),
                Arguments.of("one line of free text with two labels", """
                        Final verdict: likely authentic (camera original). Confidence: 75%.""",
                        "real", 0.75, "unknown", List.of("category", "rationale", "evidence")),
                Arguments.of("P(fake) and no confidence", """
                        ```json
                        {"verdict": "real", "P(fake)": 0.1, "rationale": "Camera EXIF intact.", "evidence": []}
                        ```""", "real", 0.9, "unknown", List.of("category", "confidence")),
                Arguments.of("a verdict with no number at all", """
                        Verdict: fake. The thumbnail shows a different face than the image.""",
                        "fake", 0.5, "unknown", List.of("category", "confidence", "rationale", "evidence")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("answers")
    void the_stated_verdict_comes_out_without_a_repair_call(String family, String answer, String verdict, double confidence,
                                                            String category, List<String> derived) {
        AnalysisResult result = analyseWhenTheAgentAnswers(answer);

        assertEquals(1, stub.requests().size(), "only the agent's request: no repair call");
        assertEquals(verdict, ForensicVerdict.of(result.output()).verdict());
        assertEquals(confidence, ForensicVerdict.of(result.output()).confidence(), 1e-9);
        assertEquals(category, ForensicVerdict.of(result.output()).category());
        assertFalse(ForensicVerdict.of(result.output()).rationale().isBlank());
        assertFalse(result.output().containsKey("structuring_error"), result.output().toString());
        JsonNode report = result.toJson().path("structuring");
        List<String> listed = new ArrayList<>();
        report.path("derived").forEach(field -> listed.add(field.asText()));
        assertEquals(derived, listed, report.toString());
        assertEquals(0, report.path("repair_rounds").asInt());
    }

    @Test
    void extra_fields_are_kept_and_a_bad_evidence_item_is_dropped_alone() {
        AnalysisResult result = analyseWhenTheAgentAnswers("""
                {"verdict": "fake", "confidence": 0.8, "category": "edited", "rationale": "Photoshop wrote it.",
                 "evidence": [{"tool": "metadata"}, {"tool": "metadata", "finding": "editing_software", "weight": 2.5}],
                 "image_type": "portrait"}""");

        assertEquals(1, stub.requests().size());
        assertEquals("portrait", result.output().get("image_type"));
        assertEquals(List.of("editing_software"),
                ForensicVerdict.of(result.output()).evidence().stream().map(ForensicVerdict.Evidence::finding).toList());
        // "edited" names no category: a local edit is manipulated, a global one processed.
        assertEquals("[\"category\",\"evidence[0]\"]", result.toJson().path("structuring").path("dropped").toString());
    }

    @Test
    void a_clean_answer_carries_no_structuring_report() {
        AnalysisResult result = analyseWhenTheAgentAnswers("""
                {"verdict": "real", "confidence": 0.8, "category": "camera_original", "rationale": "EXIF intact.",
                 "evidence": []}""");

        assertTrue(result.toJson().path("structuring").isMissingNode(), result.toJson().toString());
    }

    @Test
    void a_negated_verdict_cannot_be_read_and_is_the_one_thing_a_repair_call_is_spent_on() {
        AnalysisResult result = analyseWhenTheAgentAnswers("Verdict: not AI-generated, I think.\nConfidence: 0.6");

        assertEquals(2, stub.requests().size(), "the agent's request and one repair");
        assertEquals("uncertain", ForensicVerdict.of(result.output()).verdict());
        assertEquals("repaired", ForensicVerdict.of(result.output()).rationale());
        assertTrue(stub.requests().get(1).raw().contains("verdict: cannot be read from the answer"));
    }

    @Test
    void without_a_readable_verdict_or_a_repairing_model_the_answer_is_uncertain_with_the_reason() {
        stub.enqueue(OpenAiStub.text("The image shows a street at night.", 10, 10));
        AnalysisResult result = StubbedGraph.run(StubbedGraph.spec(stub, 3, List.of()), List.of(), scene.loaded());

        assertEquals(1, stub.requests().size());
        assertEquals("uncertain", ForensicVerdict.of(result.output()).verdict());
        assertTrue(String.valueOf(result.output().get("structuring_error")).startsWith("verdict: cannot be read"),
                result.output().toString());
    }
}
