package dev.loupe.cli;

import dev.loupe.conversation.AgentStep;

import java.io.PrintWriter;
import java.util.List;

/** The steps of {@code loupe run --steps}, one block per model turn. */
final class StepPrinter {

    private static final int MAX_OBSERVATION_CHARS = 400;

    private StepPrinter() {
    }

    static void print(PrintWriter out, List<AgentStep> steps) {
        for (AgentStep step : steps) {
            String tokens = step.inputTokens() < 0 ? "not recorded" : step.inputTokens() + " in / " + step.outputTokens() + " out";
            out.printf("step %d (tokens %s)%n", step.turn(), tokens);
            if (!step.thought().isBlank()) {
                out.println("  thought: " + step.thought().strip().replace("\n", "\n           "));
            }
            for (AgentStep.Call call : step.calls()) {
                out.println("  tool call: " + call.tool() + " " + call.arguments());
                String observation = call.observation().isTextual() ? call.observation().asText() : call.observation().toString();
                out.println("  observation: " + (observation.length() > MAX_OBSERVATION_CHARS
                        ? observation.substring(0, MAX_OBSERVATION_CHARS) + "…" : observation));
            }
        }
        out.flush();
    }
}
