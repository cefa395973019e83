package dev.loupe.tool.composition;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.core.LoupeException;
import dev.loupe.kb.BundledGuide;
import dev.loupe.kb.KnowledgeBase;
import dev.loupe.kb.KnowledgeBases;
import dev.loupe.kb.Passage;
import dev.loupe.tool.Finding;
import dev.loupe.tool.DefinedTool;
import dev.loupe.tool.ToolDefinition;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;

import java.util.List;
import java.util.Locale;

/**
 * {@code composition_search}: passages of composition teaching from a knowledge base, found by
 * meaning (MiniLM embeddings, cosine similarity). Each passage is a finding with code
 * {@value #PASSAGE}, written {@code source — position — score S — text}, because findings reach the
 * model whole while long data strings are cut.
 */
public final class CompositionSearchTool extends DefinedTool {

    /** The finding code of a retrieved passage. */
    public static final String PASSAGE = "passage";
    /** Separates the parts of a passage finding. */
    public static final String SEPARATOR = " — ";

    private final KnowledgeBase knowledge;

    /**
     * Searches the knowledge base of the Loupe instance that runs it (the one kept with its store,
     * from the {@link ToolContext}'s resources); run outside one, that of the process's default store
     * ({@code LOUPE_STORE} / {@code loupe.store}, else {@code ~/.loupe}).
     */
    public CompositionSearchTool() {
        super(DEFINITION);
        this.knowledge = null;
    }

    /** Always searches {@code knowledge}, whoever runs it. */
    public CompositionSearchTool(KnowledgeBase knowledge) {
        super(DEFINITION);
        this.knowledge = java.util.Objects.requireNonNull(knowledge, "knowledge");
    }

    private static final ToolDefinition DEFINITION = ToolDefinition.builder("composition_search", "1")
            .description("Finds passages of composition teaching closest in meaning to a query, with source, position and score. "
                + "Cite the source and position of passages you use.")
            .arguments("{\"type\":\"object\",\"properties\":{"
                + "\"query\":{\"type\":\"string\",\"minLength\":1,\"maxLength\":500},"
                + "\"k\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":10,\"default\":3},"
                + "\"source\":{\"type\":\"string\",\"description\":\"only sources containing this\"},"
                + "\"collection\":{\"type\":\"string\",\"description\":\"default " + BundledGuide.COLLECTION
                + "\"}},\"required\":[\"query\"],\"additionalProperties\":false}")
            .build();

    @Override
    public ToolResult run(ToolContext context, JsonNode arguments) {
        String query = arguments.path("query").asText();
        int k = arguments.path("k").asInt(3);
        String source = arguments.hasNonNull("source") ? arguments.get("source").asText() : null;
        String collection = arguments.path("collection").asText(BundledGuide.COLLECTION);
        List<Passage> passages;
        try {
            passages = knowledgeFor(context).search(collection, query, k, source);
        } catch (LoupeException e) {
            return ToolResult.error(e.getMessage());
        }
        ObjectNode data = JsonNodeFactory.instance.objectNode().put("collection", collection).put("count", passages.size());
        if (passages.isEmpty()) {
            return ToolResult.notApplicable("no passages in collection '" + collection + "'"
                    + (source == null ? "" : " from a source containing '" + source + "'"));
        }
        return ToolResult.ok(data, passages.stream().map(CompositionSearchTool::finding).toList());
    }

    private KnowledgeBase knowledgeFor(ToolContext context) {
        if (knowledge != null) {
            return knowledge;
        }
        return context.resources().find(KnowledgeBase.class).orElseGet(KnowledgeBases::current);
    }

    private static Finding finding(Passage passage) {
        return new Finding(PASSAGE, String.join(SEPARATOR, passage.source(), passage.position(),
                String.format(Locale.ROOT, "score %.3f", passage.score()), passage.text().replaceAll("\\s+", " ")));
    }
}
