package dev.loupe.model;

import dev.langchain4j.model.chat.ChatModel;

import java.util.Map;

/**
 * The one interface a new model provider implements: from a {@link ModelSpec} and the role of the
 * node that will use it, a langchain4j {@link ChatModel}. Listeners, retries and error mapping are
 * the provider's business; the graph only ever calls {@code chat(ChatRequest)}.
 *
 * <p>Providers are found with {@link java.util.ServiceLoader}: list the class in
 * {@code META-INF/services/dev.loupe.model.ModelProvider} and graph files can name it. They need a
 * public no-argument constructor and must be thread-safe: one instance serves every analysis.
 */
public interface ModelProvider {

    /** The name graph files and flags use: {@code offline}, {@code openai}, … */
    String name();

    /**
     * A chat model for one node of a graph.
     *
     * @param spec   which model and how to reach it
     * @param role   the node that will call it
     * @param policy the graph file's {@code policy} section, for providers that decide by rules
     */
    ChatModel chatModel(ModelSpec spec, NodeRole role, Map<String, Object> policy);

    /**
     * The rule-based model that writes a best-effort answer when an agent's loop ends before its
     * model concluded (turn limit, token budget). Called on the offline provider only.
     */
    default ChatModel concluder(Map<String, Object> policy) {
        return chatModel(ModelSpec.offline(), NodeRole.AGENT, policy);
    }

    /**
     * Whether this provider's structuring model can repair invalid JSON. A rule-based provider
     * writes valid JSON in the first place and has nothing to repair with.
     */
    default boolean repairs() {
        return true;
    }
}
