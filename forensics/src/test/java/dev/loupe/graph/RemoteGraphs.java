package dev.loupe.graph;

import dev.loupe.model.ModelSpec;
import dev.loupe.model.NodeRole;
import dev.loupe.testing.OpenAiStub;
import dev.loupe.tool.Tool;

import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** The bundled forensic graph with every node on the openai provider, talking to a stub. */
final class RemoteGraphs {

    private RemoteGraphs() {
    }

    static ModelSpec remote(OpenAiStub stub, String toolProtocol, int maxAttempts) {
        return new ModelSpec("openai", "stub-model", stub.baseUrl(), 0.0, null, Duration.ofSeconds(10), maxAttempts, Map.of(),
                toolProtocol);
    }

    static GraphSpec allRemote(OpenAiStub stub, int maxIterations, List<Tool> tools) {
        return withModels(StubbedGraph.spec(stub, maxIterations, tools), remote(stub, "native", 1), remote(stub, "native", 1));
    }

    static GraphSpec withModels(GraphSpec spec, ModelSpec others, ModelSpec agent) {
        Map<NodeRole, ModelSpec> models = new EnumMap<>(NodeRole.class);
        models.put(NodeRole.VISION, others);
        models.put(NodeRole.AGENT, agent);
        models.put(NodeRole.STRUCTURING, others);
        return GraphOverrides.none().models(models).applyTo(spec);
    }

    static GraphSpec withToolTimeout(GraphSpec s, Duration timeout) {
        return new GraphSpec(s.name(), s.description(), s.models(), s.fallback(), s.prompts(), s.vision(), s.agent(),
                s.tools().withTimeout(timeout), s.structuring(), s.policy(), s.evaluation());
    }

    /** A final agent answer the structuring step reads without repair. */
    static OpenAiStub.Reply verdict(String verdict, int promptTokens, int completionTokens) {
        return OpenAiStub.text("The evidence is weighed.\n```json\n{\"verdict\":\"" + verdict + "\",\"confidence\":0.8,"
                + "\"category\":\"camera_original\",\"rationale\":\"consistent\"}\n```", promptTokens, completionTokens);
    }
}
