package dev.loupe.graph;

import dev.loupe.core.LoupeException;

/**
 * The agent node's settings.
 *
 * @param enabled       whether the graph runs the ReAct loop ({@code use_tools}); off: vision → structuring
 * @param maxIterations model turns the loop may take, or {@link #NO_LIMIT}: then the loop ends when
 *                      the model stops asking for tools, or at {@link #TURN_CEILING} turns
 * @param passImage     whether the agent's first message carries the image too
 * @param maxTokens     the token budget of one analysis (0: none); when spent, the agent concludes
 * @param toolsFirst    whether every tool that needs no argument runs before the model's first turn
 *                      ({@code tools_first}), its results opening the conversation: a model asked to
 *                      gather all the evidence calls them all anyway, and each turn repeats the prompts
 *                      and the tools' specifications
 */
public record AgentSpec(boolean enabled, int maxIterations, boolean passImage, long maxTokens, boolean toolsFirst) {

    /** {@code max_iterations: none}: no limit of the graph's own. */
    public static final int NO_LIMIT = 0;

    /**
     * The most turns an agent with no limit takes. A model that never stops asking for tools must
     * still end; the recursion limit follows from this number ({@code 2·200+1} nodes plus bookkeeping).
     */
    public static final int TURN_CEILING = 200;

    /** Settings without {@code tools_first}: the model chooses every tool call. */
    public AgentSpec(boolean enabled, int maxIterations, boolean passImage, long maxTokens) {
        this(enabled, maxIterations, passImage, maxTokens, false);
    }

    public AgentSpec {
        if (maxIterations < 0) {
            throw LoupeException.badInput("max_iterations must be at least 1, or none, not " + maxIterations);
        }
        if (maxTokens < 0) {
            throw LoupeException.badInput("max_tokens_per_analysis must be 0 (none) or more, not " + maxTokens);
        }
    }

    /** The turns the loop takes at most: the graph's limit, or the ceiling when it has none. */
    public int turnLimit() {
        return maxIterations == NO_LIMIT ? TURN_CEILING : Math.min(maxIterations, TURN_CEILING);
    }
}
