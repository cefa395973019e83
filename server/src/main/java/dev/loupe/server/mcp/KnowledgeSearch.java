package dev.loupe.server.mcp;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The seam for {@code search_knowledge}: a knowledge base that Loupe as an MCP server can search.
 * Implementations are found with {@link java.util.ServiceLoader} (list the class in
 * {@code META-INF/services/dev.loupe.server.mcp.KnowledgeSearch}); the tool is offered only when one is
 * found and {@link #available()} says a collection exists.
 */
public interface KnowledgeSearch {

    /** Whether there is a collection to search. */
    boolean available();

    /** What the collection holds, for the tool's description. */
    String describe();

    /** The {@code limit} passages nearest to {@code query}, as JSON (an array of objects with the text and its source). */
    JsonNode search(String query, int limit) throws Exception;
}
