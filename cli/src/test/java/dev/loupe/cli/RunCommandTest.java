package dev.loupe.cli;

import dev.loupe.testing.OpenAiStub;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code loupe run} in-process, against a loopback stub. */
class RunCommandTest {

    @TempDir
    Path dir;

    @AutoClose
    private final OpenAiStub stub = OpenAiStub.started();

    @Test
    void prints_each_step_with_its_tool_call_observation_and_tokens_then_the_answer() {
        stub.enqueue(OpenAiStub.toolCalls(List.<String[]>of(new String[]{"metadata", "{}"}), 50, 5));
        stub.enqueue(OpenAiStub.text("Nothing to inspect.\n```json\n{\"answer\": \"no image\"}\n```", 60, 6));
        CliRun run = CliRun.<RunCommand>prepared("run", command -> command.environment = Map.of("OPENAI_API_KEY", "sk-run-secret-9123"),
                "run", "Inspect the metadata", "--tools", "metadata", "--steps", "--model", "stub-model",
                "--base-url", stub.baseUrl(), "--max-attempts", "1", "--store", "memory");

        assertEquals(0, run.exitCode(), run.err());
        String printed = run.out();
        assertTrue(printed.contains("step 1 (tokens 50 in / 5 out)"), printed);
        assertTrue(printed.contains("tool call: metadata {}"), printed);
        assertTrue(printed.contains("observation:") && printed.contains("needs an image"), printed);
        assertTrue(printed.contains("step 2 (tokens 60 in / 6 out)") && printed.contains("thought: Nothing to inspect."), printed);
        assertTrue(printed.contains("answer: no image"), printed);
        assertFalse(printed.contains("sk-run-secret") || run.err().contains("sk-run-secret"));
    }

    @Test
    void exits_2_with_one_line_when_the_agent_is_offline() {
        CliRun run = CliRun.of("run", "Count the cars", "--store", "memory");

        assertEquals(2, run.exitCode());
        assertEquals(1, run.err().strip().lines().count(), run.err());
        assertTrue(run.err().contains("needs a model"), run.err());
    }
}
