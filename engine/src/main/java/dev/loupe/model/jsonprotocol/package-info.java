/**
 * Tool calling for models without native tool calls: the tools are described in the system prompt,
 * the model answers with a JSON envelope ({@code tool_use} or {@code text}), and a {@code ChatModel}
 * wrapper turns that into ordinary langchain4j tool execution requests, so the graph cannot tell the
 * difference.
 */
package dev.loupe.model.jsonprotocol;
