package dev.loupe.model.jsonprotocol;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.internal.JsonSchemaElementUtils;

import java.util.List;
import java.util.Map;

/** The system-prompt text that stands in for native tool specifications: the tools and the reply format. */
final class ToolCatalogue {

    private static final ObjectMapper JSON = new ObjectMapper();

    static final String FORMAT = """
            Reply with exactly one JSON object and nothing else. To call tools (several at once if they are independent):
            {"type":"tool_use","tool_uses":[{"name":"TOOL","params":{...}}]}
            When you are done, your final answer:
            {"type":"text","text":"YOUR ANSWER"}""";

    private ToolCatalogue() {
    }

    static String render(List<ToolSpecification> tools) {
        StringBuilder out = new StringBuilder("# Tools\nTool results come back in user messages starting with \"Tool results\".\n");
        for (ToolSpecification tool : tools) {
            out.append("- ").append(tool.name());
            if (tool.description() != null && !tool.description().isBlank()) {
                out.append(": ").append(tool.description().strip());
            }
            out.append("\n  params schema: ").append(schema(tool)).append('\n');
        }
        return out.append(FORMAT).toString();
    }

    private static String schema(ToolSpecification tool) {
        if (tool.parameters() == null) {
            return "{}";
        }
        Map<String, Object> map = JsonSchemaElementUtils.toMap(tool.parameters());
        try {
            return JSON.writeValueAsString(map);
        } catch (JsonProcessingException e) {
            return "{}";
        }
    }
}
