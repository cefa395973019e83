package dev.loupe.cli;

import dev.loupe.Loupe;
import dev.loupe.trace.TraceStep;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.util.concurrent.Callable;

/** {@code loupe threads trace ID}: the thread's steps as JSON lines. */
@Command(name = "trace", mixinStandardHelpOptions = true,
        description = "The thread's steps as JSON lines, as they ended: each node, model call and tool call with its "
                + "model, arguments, result, tokens, seconds and times, read from its checkpoints (secrets masked).")
final class ThreadsTraceCommand implements Callable<Integer> {

    @Mixin
    ThreadsCommand.OneThread thread;

    @Override
    public Integer call() {
        try (Loupe loupe = thread.open()) {
            var out = thread.out();
            for (TraceStep step : loupe.threads().trace(thread.id)) {
                out.println(step.toJson());
            }
            out.flush();
        }
        return 0;
    }
}
