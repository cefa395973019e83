package dev.loupe.model.offline;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.loupe.tool.Finding;
import dev.loupe.tool.ModelViewReader;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.ToolStatus;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The best-effort answer of a graph that has no offline policy of its own (the prompt-in agent): when
 * its loop ends early, no rule knows what the user asked, so the answer says so and lists what each
 * tool returned, in an {@code answer} field, instead of borrowing another graph's conclusions.
 */
final class ToolResultsDigest implements OfflinePolicy {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int FINDINGS_PER_TOOL = 3;

    @Override
    public AiMessage nextTurn(ChatRequest request) {
        List<String> lines = new ArrayList<>();
        for (ChatMessage message : request.messages()) {
            if (message instanceof ToolExecutionResultMessage result) {
                lines.add(line(result.toolName(), ModelViewReader.read(result.text())));
            }
        }
        String answer = "The agent stopped before its model concluded, and no rule answers this graph's question without "
                + "one. " + (lines.isEmpty() ? "No tool had returned anything." : "What the tools returned: "
                + String.join("; ", lines) + ".");
        return AiMessage.from("```json\n" + JSON.createObjectNode().put("answer", answer).toString() + "\n```");
    }

    private static String line(String tool, ToolResult result) {
        if (result.status() != ToolStatus.OK) {
            return tool + " " + result.status().name().toLowerCase(Locale.ROOT)
                    + (result.error() == null ? "" : " (" + result.error() + ")");
        }
        List<String> findings = result.findings().stream().limit(FINDINGS_PER_TOOL).map(Finding::detail).toList();
        return tool + ": " + (findings.isEmpty() ? "ok, no findings" : String.join(" / ", findings));
    }
}
