package dev.loupe.eval.run;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loupe.AnalysisOptions;
import dev.loupe.Loupe;
import dev.loupe.core.LoupeException;
import dev.loupe.checkpoint.ArtifactStore;
import dev.loupe.checkpoint.ThreadRecord;
import dev.loupe.checkpoint.ThreadStatus;
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

/**
 * Runs each item through a {@link Loupe} instance under the thread id the runner chose. When the
 * thread store already holds that thread — the item was in flight when an earlier session was
 * killed — its stored result is taken if it finished, and otherwise the thread is resumed from its
 * last checkpoint (or, if it cannot be, deleted and run afresh).
 */
public final class LoupeItemAnalysis implements ItemAnalysis {

    /** Longer texts (descriptions, raw answers) are not what a manifest column names. */
    private static final int MAX_FIELD_CHARS = 200;
    /** A manifest column asking each item's question ("detect the eyes"), as {@code --prompt} does. */
    static final String QUESTION = "question";

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
        AnalysisOptions options = AnalysisOptions.threadId(threadId);
        String question = item.extra().get(QUESTION);
        return outcome(loupe.analyze(item.file(), question == null || question.isBlank() ? options : options.withQuestion(question)));
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
                flags, text(result, "thread_id"), number(result.path("cost_usd"), "total"), plainFields(result));
    }

    /** The result's top-level fields with a plain value (text, number, true/false), as text: what a manifest column can name. */
    private static Map<String, String> plainFields(JsonNode result) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = result.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            JsonNode value = field.getValue();
            if ((value.isTextual() && value.asText().length() <= MAX_FIELD_CHARS) || value.isNumber() || value.isBoolean()) {
                fields.put(field.getKey(), value.asText());
            }
        }
        String boxes = BoxTally.answered(result);
        if (boxes != null) {
            fields.put(BoxTally.COLUMN, boxes);
        }
        return fields;
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : value.asText();
    }

    private static Double number(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || !value.isNumber() ? null : value.asDouble();
    }
}
