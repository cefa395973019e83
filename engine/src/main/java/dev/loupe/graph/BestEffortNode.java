package dev.loupe.graph;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Ends an agent loop that used up its turns or its token budget: the graph's rule-based concluder
 * (no model call, no network) writes an answer from the tool results gathered so far, and the
 * result is flagged so nobody mistakes it for the model's own conclusion.
 */
final class BestEffortNode implements NodeWork {

    static final String NOTICE = "The step limit of this analysis is reached. Conclude now from the tool results above, "
            + "with no further tool calls.";

    private final ChatModel concluder;

    BestEffortNode(ChatModel concluder) {
        this.concluder = concluder;
    }

    @Override
    public NodeOutput run(AnalysisState state, RunContext run) {
        UserMessage notice = UserMessage.from(NOTICE);
        List<ChatMessage> conversation = new ArrayList<>(state.messages());
        conversation.add(notice);
        AiMessage answer = concluder.chat(ChatRequest.builder().messages(conversation).build()).aiMessage();
        String text = answer.text() == null ? "" : answer.text();

        Map<String, Object> update = new HashMap<>();
        update.put(AnalysisState.MESSAGES, List.of(notice, AiMessage.from(text)));
        update.put(AnalysisState.AGENT_TEXT, text);
        update.put(AnalysisState.FLAGS, state.flag(RunFlag.BUDGET_EXHAUSTED) ? Map.of() : Map.of(RunFlag.LIMIT_REACHED.key(), true));
        return NodeOutput.of(update);
    }
}
