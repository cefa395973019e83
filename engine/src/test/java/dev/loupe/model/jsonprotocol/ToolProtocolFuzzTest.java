package dev.loupe.model.jsonprotocol;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.loupe.fuzzing.AllocationBudget;
import dev.loupe.fuzzing.ParserContract;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;

/**
 * Fuzzes the JSON tool protocol's reply parser (models without native tool calls answer
 * {@code {"type":"tool_use","tool_uses":[…]}} or {@code {"type":"text",…}} in prose). The contract:
 * it never throws; every reply is tool uses, a text, or unreadable with a reason for the re-ask.
 */
@Timeout(10)
class ToolProtocolFuzzTest {

    private static final ParserContract PROTOCOL = ParserContract.neverThrows("ProtocolReply", AllocationBudget.of(16, 2048));

    @FuzzTest(maxDuration = "10m")
    void any_reply_is_tool_uses_text_or_unreadable(byte[] input) {
        String reply = new String(input, StandardCharsets.UTF_8);
        PROTOCOL.assertHolds(input.length, () -> {
            ProtocolReply parsed = ProtocolReply.parse(reply);
            if (parsed == null) {
                throw new IllegalStateException("ProtocolReply.parse returned null");
            }
            if (parsed instanceof ProtocolReply.Unreadable unreadable && unreadable.reason() == null) {
                throw new IllegalStateException("an unreadable reply without a reason");
            }
        });
    }
}
