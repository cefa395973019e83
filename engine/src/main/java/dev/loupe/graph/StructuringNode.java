package dev.loupe.graph;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.loupe.model.ModelSpec;
import dev.loupe.model.Tokens;
import dev.loupe.structure.FieldRules;
import dev.loupe.structure.JsonSchema;
import dev.loupe.structure.Repairer;
import dev.loupe.structure.Structured;
import dev.loupe.structure.Structurer;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The last node: the agent's free text (or, without tools, the vision text) into the graph's
 * schema — tolerant extraction, normalisation, validation, then bounded repair rounds with the
 * structuring model when it can repair. Reasoning and structuring stay separate on purpose.
 */
final class StructuringNode implements NodeWork {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final GraphSpec spec;
    private final GraphPrompts prompts;
    private final JsonSchema schema;
    private final FieldRules rules;
    private final ChatModel model;
    private final String modelName;

    /** @param model the repairing model, or null when the structuring model cannot repair */
    StructuringNode(GraphSpec spec, GraphPrompts prompts, JsonSchema schema, ChatModel model, String modelName) {
        this.spec = spec;
        this.prompts = prompts;
        this.schema = schema;
        this.rules = FieldRules.fromConfig(spec.structuring().rules());
        this.model = model;
        this.modelName = modelName;
    }

    @Override
    public NodeOutput run(AnalysisState state, RunContext run) {
        String text = state.agentText().orElseGet(state::visualDescription);
        Tokens[] used = {Tokens.ZERO};
        List<String> replies = new java.util.ArrayList<>();
        String[] reported = {modelName};
        Repairer repairer = model == null ? null : (raw, candidate, errors) -> {
            ChatResponse response = model.chat(ChatRequest.builder()
                    .messages(List.of(UserMessage.from(repairPrompt(raw, candidate, errors)))).build());
            used[0] = used[0].plus(Tokens.of(response.tokenUsage()));
            replies.add(response.aiMessage().text());
            if (response.modelName() != null && !response.modelName().isBlank()) {
                reported[0] = response.modelName();
            }
            return response.aiMessage().text();
        };
        int rounds = spec.structuring().repairRounds();
        Structured structured = new Structurer(schema, rules, repairer, rounds).structure(text);

        Map<String, Object> report = new LinkedHashMap<>();
        report.put("valid", structured.valid());
        report.put("repair_rounds", structured.repairRounds());
        report.put("error", structured.error());
        report.put("changes", structured.changes());
        report.put("derived", structured.derived());
        report.put("dropped", structured.dropped());
        report.put("repair_replies", replies);
        Map<String, Object> update = new HashMap<>();
        update.put(AnalysisState.OUTPUT, JSON.convertValue(structured.reported(), Map.class));
        update.put(AnalysisState.STRUCTURING, report);
        return new NodeOutput(update, used[0], model == null ? ModelSpec.DETERMINISTIC : reported[0],
                Map.of("valid", structured.valid()));
    }

    private String repairPrompt(String raw, ObjectNode candidate, List<String> errors) {
        Map<String, String> values = new HashMap<>();
        values.put("raw_text", raw);
        values.put("candidate", candidate == null ? "(no JSON object could be read)" : candidate.toPrettyString());
        values.put("errors", "- " + String.join("\n- ", errors));
        values.put("schema", schema.text());
        return prompts.fill("structuring", values);
    }
}
