package dev.loupe.checkpoint;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.data.message.UserMessage;
import org.bsc.langgraph4j.langchain4j.serializer.jackson.LC4jJacksonStateSerializer;
import org.bsc.langgraph4j.state.AgentState;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** States and the serializer the store tests share: what Loupe's graphs really put in a state. */
final class StateFixtures {

    private StateFixtures() {
    }

    static LC4jJacksonStateSerializer<AgentState> serializer() {
        return new LC4jJacksonStateSerializer<>(AgentState::new);
    }

    static ToolExecutionRequest elaRequest() {
        return ToolExecutionRequest.builder().id("call_1").name("ela").arguments("{\"quality\":90}").build();
    }

    static List<ChatMessage> conversation() {
        return List.of(
                UserMessage.from("Is photo.jpg a camera original?"),
                AiMessage.from("Let me check the compression history first.", List.of(elaRequest())),
                // isError is set: the JSON serializer reads an unset (null) flag back as false.
                ToolExecutionResultMessage.builder().id("call_1").toolName("ela").isError(false)
                        .text("{\"status\":\"ok\",\"max_difference\":12}").build());
    }

    /** A state of plain JSON values and langchain4j messages, numbered so states differ. */
    static Map<String, Object> state(int step) {
        Map<String, Object> state = new LinkedHashMap<>();
        state.put("messages", conversation().subList(0, 1 + step % 3));
        state.put("step", step);
        state.put("label", "step " + step);
        state.put("score", 0.25 * step);
        state.put("evidence", Map.of("codes", List.of("exif_camera_model", "ela_uniform"), "intact", true));
        return state;
    }
}
