package dev.loupe.eval.run;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loupe.AnalysisOptions;
import dev.loupe.Loupe;
import dev.loupe.core.LoupeException;
import dev.loupe.checkpoint.ArtifactStore;
import dev.loupe.checkpoint.ThreadRecord;
import dev.loupe.checkpoint.ThreadStatus;
import dev.loupe.eval.FieldColumn;
import dev.loupe.eval.ResultEvidence;
import dev.loupe.eval.ToolRun;
import dev.loupe.eval.detect.BoxTally;
import dev.loupe.eval.manifest.ManifestItem;
import dev.loupe.graph.AnalysisResult;
import dev.loupe.graph.RunFlag;
import dev.loupe.model.Tokens;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static dev.loupe.eval.JsonFields.text;
import static dev.loupe.eval.JsonFields.number;

/**
 * Runs each item through a {@link Loupe} instance under the thread id the runner chose. When the
 * thread store already holds that thread — the item was in flight when an earlier session was
 * killed — its stored result is taken if it finished, and otherwise the thread is resumed from its
 * last checkpoint (or, if it cannot be, deleted and run afresh).
 */
public final class LoupeItemAnalysis implements ItemAnalysis {

    /** The manifest column whose text is the user's own question for that item, as {@code --prompt} gives it. */
    public static final String PROMPT = "prompt";

    private final Loupe loupe;

    public LoupeItemAnalysis(Loupe loupe) {
        this.loupe = loupe;
    }

    @Override
    public ItemOutcome analyze(ManifestItem item, String threadId) {
        Optional<ThreadRecord> earlier = loupe.threads().find(threadId);
        if (earlier.isPresent()) {
            // Only this run's own thread for this very image stands for the item (run ids are unique).
            loupe.threads().requireBound(threadId, sha256(item.file()));
            if (earlier.get().status() == ThreadStatus.DONE && earlier.get().resultJson() != null) {
                return outcome(loupe.threads().result(threadId).orElseThrow());
            }
            try {
                return outcome(loupe.threads().resume(threadId));
            } catch (LoupeException cannotResume) {
                loupe.threads().delete(threadId);
            }
        }
        BoxTally.truth(item.extra()); // a malformed boxes column fails the item before it runs
        String prompt = item.extra().get(PROMPT);
        AnalysisOptions options = AnalysisOptions.threadId(threadId);
        return outcome(loupe.analyze(item.file(), prompt == null || prompt.isBlank() ? options : options.withQuestion(prompt)));
    }

    private static String sha256(Path file) {
        try {
            return ArtifactStore.sha256(Files.readAllBytes(file));
        } catch (IOException e) {
            throw LoupeException.badInput(file + ": cannot read (" + e.getMessage() + ")");
        }
    }

    /** The parts of a result an evaluation keeps. */
    public static ItemOutcome outcome(AnalysisResult result) {
        return outcome(result.toJson());
    }

    /** The same, from a result's JSON as {@link AnalysisResult#toJson()} writes it and the thread store keeps it. */
    public static ItemOutcome outcome(JsonNode result) {
        if (result.has("error") && !result.has("verdict")) {
            throw LoupeException.badInput(result.path("error").asText("the stored analysis failed"));
        }
        Map<String, Double> timings = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = result.path("timings").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            timings.put(e.getKey(), e.getValue().asDouble());
        }
        List<ToolRun> tools = new ArrayList<>();
        for (JsonNode detail : result.path("tool_details")) {
            tools.add(new ToolRun(detail.path("tool").asText(), detail.path("status").asText(),
                    detail.path("seconds").asDouble()));
        }
        List<String> flags = new ArrayList<>();
        for (RunFlag flag : RunFlag.values()) {
            if (result.path(flag.key()).asBoolean(false)) {
                flags.add(flag.key());
            }
        }
        Tokens tokens = new Tokens(result.at("/token_usage/total/input").asLong(), result.at("/token_usage/total/output").asLong());
        return new ItemOutcome(result.path("verdict").asText("uncertain"), text(result, "category"),
                number(result, "confidence"), number(result, "p_fake"), timings, tokens.input(), tokens.output(), tools,
                flags, text(result, "thread_id"), number(result.path("cost_usd"), "total"), scoredFields(result),
                List.copyOf(ResultEvidence.findings(result).keySet()));
    }

    /** The result's fields as manifest columns name them: flattened by dotted path, and the boxes as one column. */
    private static Map<String, String> scoredFields(JsonNode result) {
        Map<String, String> fields = FieldColumn.flatten(result);
        String boxes = BoxTally.answered(result);
        if (boxes != null) {
            fields.put(BoxTally.COLUMN, boxes);
        }
        return fields;
    }
}
