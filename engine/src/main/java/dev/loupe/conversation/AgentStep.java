package dev.loupe.conversation;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;

/**
 * One model turn of an agent run: what the model said (its thought, or its final answer), the tools it
 * called with what they observed, and the tokens of that turn.
 *
 * @param turn         1 for the first model turn
 * @param thought      the model's text in that turn, empty when it only called tools
 * @param calls        the tool calls it made, each with its observation
 * @param inputTokens  prompt tokens of the turn, or -1 when not recorded (the best-effort conclusion)
 * @param outputTokens completion tokens of the turn, or -1 when not recorded
 */
public record AgentStep(int turn, String thought, List<Call> calls, long inputTokens, long outputTokens) {

    public AgentStep {
        calls = List.copyOf(calls);
    }

    /** A tool call and what it returned to the model. */
    public record Call(String tool, JsonNode arguments, JsonNode observation) {
    }
}
