package dev.loupe.cli;

import dev.loupe.Loupe;
import dev.loupe.graph.AnalysisResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** {@code loupe threads resume ID}: continue a run that was killed. */
@Command(name = "resume", mixinStandardHelpOptions = true,
        description = "Continue a thread that did not finish (a killed run) from its last checkpoint.")
final class ThreadsResumeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ThreadsCommand.Common common;

    @Parameters(index = "0", paramLabel = "ID")
    String id;

    @Option(names = "--json", description = "The result as JSON.")
    boolean json;

    @Override
    public Integer call() {
        try (Loupe loupe = common.open(id)) {
            AnalysisResult result = loupe.threads().resume(id);
            spec.commandLine().getOut().println(json ? result.toJson().toString() : ResultPrinter.summary(result));
        }
        return 0;
    }
}
