package dev.loupe.tool.forensic.policy;

import dev.loupe.model.offline.OfflinePolicy;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.loupe.tool.Finding;
import dev.loupe.tool.ModelViewReader;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.ToolStatus;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The offline forensic policy. First turn: every offered tool, in one parallel turn. When that leaves
 * P(fake) undecided and a pixel tool pointed at a region, a second look ({@link SecondLook}): the
 * compression-history tools on that region. Last turn: the findings weighed with the graph file's weights into a probability that the image is fake,
 * written up as an analysis ending in a JSON block.
 *
 * <p>P(fake) = sigmoid(bias + Σ weight(finding)), each finding code counted once per tool and none that
 * another finding seen explains away ({@link ExplainedFindings}). The
 * verdict is {@code fake} at or above {@code fake_threshold}, {@code real} at or below
 * {@code real_threshold}, {@code uncertain} between; the confidence is the probability of the
 * verdict's side, so a 0.8 is meant to be right four times in five.
 */
final class ForensicPolicy implements OfflinePolicy {

    /** The id prefix of this policy's own first calls. */
    private static final String ASKED = "offline_";

    private final PolicyWeights weights;

    private ForensicPolicy(PolicyWeights weights) {
        this.weights = weights;
    }

    static ForensicPolicy fromConfig(Map<String, Object> config) {
        return new ForensicPolicy(PolicyWeights.fromConfig(config));
    }

    @Override
    public AiMessage nextTurn(ChatRequest request) {
        List<ChatMessage> messages = request.messages();
        List<ToolSpecification> tools = request.toolSpecifications() == null ? List.of() : request.toolSpecifications();
        // Every offered tool, once: all of them, or those a graph's tools_first left (they need arguments).
        List<ToolSpecification> unanswered = tools.stream().filter(tool -> messages.stream()
                .noneMatch(m -> m instanceof ToolExecutionResultMessage result && result.toolName().equals(tool.name()))).toList();
        if (!unanswered.isEmpty() && !askedBefore(messages)) {
            return askForTools(unanswered);
        }
        List<Evidence> evidence = new ArrayList<>();
        Map<String, String> statuses = new LinkedHashMap<>();
        for (ChatMessage message : messages) {
            if (message instanceof ToolExecutionResultMessage result) {
                read(result, evidence, statuses);
            }
        }
        List<String> seen = evidence.stream().map(Evidence::code).toList();
        for (String code : weights.combined().of(seen)) {
            evidence.add(new Evidence("policy", code, "Seen together: " + String.join(" and ", weights.combined().parts(code))
                    + ".", weights.weight(code)));
        }
        List<String> codes = evidence.stream().map(Evidence::code).toList();
        evidence.replaceAll(e -> weights.explained().explainer(e.code(), codes).map(e::explainedBy).orElse(e));
        return SecondLook.plan(messages, tools, weights.probability(evidence), weights)
                .orElseGet(() -> AiMessage.from(new ForensicReport(weights, evidence, statuses).text()));
    }

    private static boolean askedBefore(List<ChatMessage> messages) {
        return messages.stream().anyMatch(m -> m instanceof AiMessage ai && ai.hasToolExecutionRequests()
                && ai.toolExecutionRequests().stream().anyMatch(call -> call.id() != null && call.id().startsWith(ASKED)));
    }

    private AiMessage askForTools(List<ToolSpecification> tools) {
        List<ToolExecutionRequest> calls = new ArrayList<>();
        for (ToolSpecification tool : tools) {
            calls.add(ToolExecutionRequest.builder()
                    .id(ASKED + (calls.size() + 1))
                    .name(tool.name())
                    .arguments(weights.argumentsFor(tool.name()))
                    .build());
        }
        return AiMessage.from("I will gather the evidence with every applicable tool at once.", calls);
    }

    private void read(ToolExecutionResultMessage result, List<Evidence> evidence, Map<String, String> statuses) {
        String tool = result.toolName();
        ToolResult read = ModelViewReader.read(result.text());
        statuses.put(tool, read.status() == ToolStatus.OK ? "ok" : read.status().wireName() + ": " + read.error());
        for (Finding finding : read.findings()) {
            boolean seen = evidence.stream().anyMatch(e -> e.tool().equals(tool) && e.code().equals(finding.code()));
            if (!seen) {
                evidence.add(new Evidence(tool, finding.code(), finding.detail(), weights.weight(finding.code())));
            }
        }
    }
}
