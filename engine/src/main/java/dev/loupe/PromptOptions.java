package dev.loupe;

import dev.loupe.checkpoint.ThreadClaim;
import dev.loupe.graph.AnalysisEvent;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * The choices of one prompt-in agent run ({@link Loupe#run(String, PromptOptions)}).
 *
 * @param image    the image the task is about and the tools work on, or null for a prompt alone
 * @param schema   a JSON Schema file the answer must follow, or null for the graph's own
 * @param tools    the registry's tools the agent may call, or null for the graph file's list
 * @param threadId the thread to run under, or null for a new random one; a name by
 *                 {@link dev.loupe.core.SafeName}'s rule, refused here otherwise
 * @param listener receives the run's events
 */
public record PromptOptions(Path image, Path schema, List<String> tools, String threadId, Consumer<AnalysisEvent> listener) {

    public PromptOptions {
        tools = tools == null ? null : List.copyOf(tools);
        threadId = threadId == null ? null : ThreadClaim.requested(threadId);
        listener = listener == null ? event -> { } : listener;
    }

    public static PromptOptions defaults() {
        return new PromptOptions(null, null, null, null, null);
    }

    public PromptOptions withImage(Path value) {
        return new PromptOptions(value, schema, tools, threadId, listener);
    }

    public PromptOptions withSchema(Path value) {
        return new PromptOptions(image, value, tools, threadId, listener);
    }

    public PromptOptions withTools(List<String> value) {
        return new PromptOptions(image, schema, value, threadId, listener);
    }

    public PromptOptions withThreadId(String value) {
        return new PromptOptions(image, schema, tools, value, listener);
    }

    public PromptOptions withListener(Consumer<AnalysisEvent> value) {
        return new PromptOptions(image, schema, tools, threadId, value);
    }
}
