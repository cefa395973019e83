package dev.loupe.cli;

import dev.loupe.Loupe;
import dev.loupe.graph.AnalysisResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.concurrent.Callable;

/** {@code loupe threads resume ID}: continue a run that was killed. */
@Command(name = "resume", mixinStandardHelpOptions = true,
        description = "Continue a thread that did not finish (a killed run) from its last checkpoint.")
final class ThreadsResumeCommand implements Callable<Integer> {

    @Mixin
    ThreadsCommand.OneThread thread;

    @Option(names = "--json", description = "The result as JSON.")
    boolean json;

    @Override
    public Integer call() {
        try (Loupe loupe = thread.open()) {
            AnalysisResult result = loupe.threads().resume(thread.id);
            thread.out().println(ResultPrinter.render(result, json));
        }
        return 0;
    }
}
