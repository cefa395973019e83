package dev.loupe.trace;

import io.opentelemetry.semconv.ErrorAttributes;
import io.opentelemetry.semconv.incubating.GenAiIncubatingAttributes;
import io.opentelemetry.semconv.incubating.GenAiIncubatingAttributes.GenAiOperationNameIncubatingValues;
import io.opentelemetry.semconv.incubating.GenAiIncubatingAttributes.GenAiTokenTypeIncubatingValues;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Loupe's own copies of the GenAI semantic-convention names are the conventions' names. */
class GenAiNamesTest {

    @Test
    void every_genai_attribute_loupe_writes_is_named_as_the_conventions_name_it() {
        assertEquals(GenAiIncubatingAttributes.GEN_AI_OPERATION_NAME, GenAi.OPERATION_NAME);
        assertEquals(GenAiIncubatingAttributes.GEN_AI_PROVIDER_NAME, GenAi.PROVIDER_NAME);
        assertEquals(GenAiIncubatingAttributes.GEN_AI_SYSTEM, GenAi.SYSTEM);
        assertEquals(GenAiIncubatingAttributes.GEN_AI_REQUEST_MODEL, GenAi.REQUEST_MODEL);
        assertEquals(GenAiIncubatingAttributes.GEN_AI_RESPONSE_MODEL, GenAi.RESPONSE_MODEL);
        assertEquals(GenAiIncubatingAttributes.GEN_AI_RESPONSE_FINISH_REASONS, GenAi.RESPONSE_FINISH_REASONS);
        assertEquals(GenAiIncubatingAttributes.GEN_AI_USAGE_INPUT_TOKENS, GenAi.USAGE_INPUT_TOKENS);
        assertEquals(GenAiIncubatingAttributes.GEN_AI_USAGE_OUTPUT_TOKENS, GenAi.USAGE_OUTPUT_TOKENS);
        assertEquals(GenAiIncubatingAttributes.GEN_AI_TOOL_NAME, GenAi.TOOL_NAME);
        assertEquals(GenAiIncubatingAttributes.GEN_AI_TOOL_CALL_ID, GenAi.TOOL_CALL_ID);
        assertEquals(GenAiIncubatingAttributes.GEN_AI_TOOL_TYPE, GenAi.TOOL_TYPE);
        assertEquals(GenAiIncubatingAttributes.GEN_AI_AGENT_NAME, GenAi.AGENT_NAME);
        assertEquals(GenAiIncubatingAttributes.GEN_AI_CONVERSATION_ID, GenAi.CONVERSATION_ID);
        assertEquals(GenAiIncubatingAttributes.GEN_AI_TOKEN_TYPE, GenAi.TOKEN_TYPE);
        assertEquals(ErrorAttributes.ERROR_TYPE, GenAi.ERROR_TYPE);
    }

    @Test
    void the_operation_and_token_type_values_are_the_conventions_values() {
        assertEquals(GenAiOperationNameIncubatingValues.CHAT, GenAi.CHAT);
        assertEquals(GenAiOperationNameIncubatingValues.EXECUTE_TOOL, GenAi.EXECUTE_TOOL);
        assertEquals(GenAiOperationNameIncubatingValues.INVOKE_AGENT, GenAi.INVOKE_AGENT);
        assertEquals(GenAiTokenTypeIncubatingValues.INPUT, GenAi.INPUT_TOKENS);
        assertEquals(GenAiTokenTypeIncubatingValues.OUTPUT, GenAi.OUTPUT_TOKENS);
    }
}
