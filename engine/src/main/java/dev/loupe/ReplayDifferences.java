package dev.loupe;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.loupe.checkpoint.JsonDiff;
import dev.loupe.graph.AnalysisResult;
import dev.loupe.graph.AnalysisState;
import dev.loupe.tool.ModelViewReader;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** What a replay compares with the run it replays: the result, the tools' outputs and the fingerprint. */
final class ReplayDifferences {

    // A tool's full result names the pictures it wrote by path, and a replay writes them under its own
    // thread's folder, so result_sha256 differs whenever there is an output folder; the tools' outputs
    // themselves are compared below (toolOutputs), paths aside.
    private static final JsonDiff RESULT_DIFF = new JsonDiff(Set.of("thread_id", "timings", "seconds", "artifacts", "path",
            "result_sha256"));
    private static final JsonDiff FINGERPRINT_DIFF = new JsonDiff(Set.of());

    private ReplayDifferences() {
    }

    /** Where the replay's result and tool outputs differ from the recorded ones; empty when identical. */
    static List<String> between(JsonNode recordedResult, AnalysisState recorded, AnalysisResult result, AnalysisState replayed) {
        List<String> differences = new ArrayList<>(RESULT_DIFF.differences(recordedResult, result.toJson()));
        differences.addAll(RESULT_DIFF.differences(toolOutputs(recorded), toolOutputs(replayed)));
        return differences;
    }

    /** How the graph's fingerprint moved since the thread ran (models, prompts, tool versions). */
    static List<String> drift(JsonNode recordedFingerprint, JsonNode fingerprint) {
        return FINGERPRINT_DIFF.differences(recordedFingerprint, fingerprint);
    }

    private static ObjectNode toolOutputs(AnalysisState state) {
        ObjectNode outputs = Json.MAPPER.createObjectNode();
        var list = outputs.putArray("tool_outputs");
        for (ChatMessage message : state.messages()) {
            if (message instanceof ToolExecutionResultMessage result) {
                list.addObject().put("tool", result.toolName()).set("result", ModelViewReader.read(result.text()).toJson());
            }
        }
        return outputs;
    }
}
