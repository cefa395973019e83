package dev.loupe.model.replay;

import dev.langchain4j.data.message.AiMessage;
import dev.loupe.model.Tokens;

import java.util.List;

/**
 * The model replies one thread recorded, per node, in the order they were given.
 *
 * @param visionText     the vision model's reply
 * @param agentReplies   the agent model's replies, one per model turn (best-effort answers excluded:
 *                       those come from the rule-based concluder, which replays by itself)
 * @param agentTokens    the token usage of each agent turn, parallel to {@code agentReplies}
 * @param repairReplies  the structuring model's repair replies
 * @param models         the model name each node reported: vision, agent, structuring
 */
public record Recording(String visionText, Tokens visionTokens, List<AiMessage> agentReplies, List<Tokens> agentTokens,
                        List<String> repairReplies, Tokens repairTokens, java.util.Map<String, String> models) {

    /** Whether the recorded structuring step had a model that could repair. */
    public boolean structuringRepaired() {
        return !dev.loupe.model.ModelSpec.DETERMINISTIC.equals(models.get("structuring"));
    }

    public Recording {
        agentReplies = List.copyOf(agentReplies);
        agentTokens = List.copyOf(agentTokens);
        repairReplies = List.copyOf(repairReplies);
        models = java.util.Map.copyOf(models);
    }
}
