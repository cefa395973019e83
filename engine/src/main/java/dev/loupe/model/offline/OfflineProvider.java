package dev.loupe.model.offline;

import dev.langchain4j.model.chat.ChatModel;
import dev.loupe.core.LoupeException;
import dev.loupe.model.ModelProvider;
import dev.loupe.model.ModelSpec;
import dev.loupe.model.NodeRole;

import java.util.HashMap;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.function.Function;

/**
 * The embedded default: no key, no network, deterministic. The vision node gets a describer of the
 * pixels and the file's own facts, the agent a rule-based policy that asks for the tools and weighs
 * their findings with the graph file's weights. Results name the model {@code offline}.
 */
public final class OfflineProvider implements ModelProvider {

    @Override
    public String name() {
        return ModelSpec.OFFLINE;
    }

    @Override
    public ChatModel chatModel(ModelSpec spec, NodeRole role, Map<String, Object> policy) {
        return switch (role) {
            case VISION -> new OfflineDescriber(FIRST_IMPRESSIONS.getOrDefault(String.valueOf(policy.get("kind")), ""));
            case AGENT -> new OfflineAgent(policy.get("kind") == null ? NEEDS_MODEL : policyFor(policy));
            case STRUCTURING -> new ChatModel() {
                @Override
                public dev.langchain4j.model.chat.response.ChatResponse doChat(
                        dev.langchain4j.model.chat.request.ChatRequest request) {
                    // Never called: repairs() is false, so the structuring node needs no model.
                    throw new LoupeException(LoupeException.Kind.INTERNAL, "the offline provider has no structuring model");
                }
            };
        };
    }

    /**
     * The graph's own policy, or for a graph that names none a digest of what the tools returned:
     * never another graph's policy, whose conclusions would answer a question nobody asked.
     */
    @Override
    public ChatModel concluder(Map<String, Object> policy) {
        return new OfflineAgent(policy.get("kind") == null ? new ToolResultsDigest() : policyFor(policy));
    }

    @Override
    public boolean repairs() {
        return false;
    }

    /**
     * The rule-based policies by the name a graph file gives in {@code policy.kind}: {@code facts}
     * built in, the tool families' own from the class path.
     */
    private static final Map<String, Function<Map<String, Object>, OfflinePolicy>> POLICIES = discover();

    /** What each tool family's policy kind has the describer close with, by kind. */
    private static final Map<String, String> FIRST_IMPRESSIONS = firstImpressions();

    private static Map<String, String> firstImpressions() {
        Map<String, String> closings = new HashMap<>();
        for (OfflinePolicyKind kind : ServiceLoader.load(OfflinePolicyKind.class, OfflineProvider.class.getClassLoader())) {
            closings.putIfAbsent(kind.name(), kind.firstImpression());
        }
        return Map.copyOf(closings);
    }

    private static Map<String, Function<Map<String, Object>, OfflinePolicy>> discover() {
        Map<String, Function<Map<String, Object>, OfflinePolicy>> policies = new HashMap<>();
        policies.put("facts", FactsPolicy::fromConfig);
        for (OfflinePolicyKind kind : ServiceLoader.load(OfflinePolicyKind.class, OfflineProvider.class.getClassLoader())) {
            policies.putIfAbsent(kind.name(), kind::fromConfig);
        }
        return Map.copyOf(policies);
    }

    /** The agent of a graph with no offline policy: it refuses at its first turn, before any tool runs. */
    private static final OfflinePolicy NEEDS_MODEL = request -> {
        throw LoupeException.badInput("this graph has no offline policy, so its agent needs a model: pass --model NAME "
                + "with --base-url URL (key in LOUPE_API_KEY)");
    };

    private static OfflinePolicy policyFor(Map<String, Object> policy) {
        String kind = String.valueOf(policy.get("kind"));
        Function<Map<String, Object>, OfflinePolicy> policyOf = POLICIES.get(kind);
        if (policyOf == null) {
            throw LoupeException.badInput("the offline provider has no '" + kind + "' policy; known: "
                    + String.join(", ", new java.util.TreeSet<>(POLICIES.keySet())));
        }
        return policyOf.apply(policy);
    }
}
