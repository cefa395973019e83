package dev.loupe.graph;

import dev.loupe.tool.forensic.ForensicVerdict;

import dev.loupe.testing.OpenAiStub;
import dev.loupe.testing.StubScene;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Structuring on the real compiled graph: what the agent writes, what the result says. */
class StructuringOnGraphTest {

    @RegisterExtension
    final StubScene scene = new StubScene(48, 32);
    private final OpenAiStub stub = scene.stub();

    private AnalysisResult analyseWhenTheAgentWrites(String text, boolean repairingModel, OpenAiStub.Reply... repairs) {
        stub.enqueue(OpenAiStub.text(text, 10, 10));
        for (OpenAiStub.Reply repair : repairs) {
            stub.enqueue(repair);
        }
        GraphSpec spec = StubbedGraph.spec(stub, 3, List.of());
        if (repairingModel) {
            spec = StubbedGraph.structuringOn(stub, spec);
        }
        return StubbedGraph.run(spec, List.of(), scene.loaded());
    }

    @ParameterizedTest(name = "{0} → {1} {2}")
    @CsvSource(delimiter = '|', textBlock = """
            ```json\\n{"verdict": "AI-generated", "confidence": 0.9, "category": "synthetic", "rationale": "r"}\\n```  | fake      | 0.9  | ai_generated
            Analysis done. {'verdict': 'Photoshopped', 'confidence': '85%', 'category': 'retouched', 'rationale': 'r',} | fake      | 0.85 | manipulated
            {verdict: genuine, confidence: 1.7, category: "camera original", rationale: "r" /* sure */}              | real      | 1.0  | camera_original
            ```\\n{"verdict": "Cannot determine", "confidence": -0.2, "category": "??", "rationale": "r"}\\n```       | uncertain | 0.0  | unknown
            {"verdict": "tampered", "confidence": 0.6, "category": "spliced", "rationale": "r"} and then more text   | fake      | 0.6  | manipulated
            """)
    void the_agents_text_is_normalised_into_the_schema(String text, String verdict, double confidence, String category) {
        AnalysisResult result = analyseWhenTheAgentWrites(text.replace("\\n", "\n"), false);

        assertEquals(verdict, ForensicVerdict.of(result.output()).verdict());
        assertEquals(confidence, ForensicVerdict.of(result.output()).confidence(), 1e-9);
        assertEquals(category, ForensicVerdict.of(result.output()).category());
        assertFalse(result.output().containsKey("structuring_error"), result.output().toString());
    }

    @Test
    void an_unreadable_verdict_is_repaired_by_the_structuring_model_fed_the_errors() {
        OpenAiStub.Reply repaired = OpenAiStub.text(
                "```json\n{\"verdict\": \"fake\", \"confidence\": 0.7, \"category\": \"edited\", \"rationale\": \"ok\"}\n```", 50, 20);

        AnalysisResult result = analyseWhenTheAgentWrites("Hard to say. {\"verdict\": \"hmm\", \"confidence\": 0.4}", true,
                repaired);

        assertEquals("fake", ForensicVerdict.of(result.output()).verdict());
        assertEquals(0.7, ForensicVerdict.of(result.output()).confidence());
        String repairRequest = stub.requests().get(1).body().path("messages").toString();
        assertTrue(repairRequest.contains("verdict: cannot be read from the answer"), repairRequest);
    }

    @Test
    void a_model_that_cannot_repair_in_two_rounds_leaves_uncertain_with_the_error_and_the_raw_text() {
        stub.otherwise(body -> OpenAiStub.text("still no JSON here", 5, 5));

        AnalysisResult result = analyseWhenTheAgentWrites("The image looks fine to me.", true);

        assertEquals("uncertain", ForensicVerdict.of(result.output()).verdict());
        assertNotNull(result.output().get("structuring_error"));
        assertEquals("The image looks fine to me.", result.rawText());
        assertEquals(3, stub.requests().size(), "one agent turn and two repair rounds");
    }
}
