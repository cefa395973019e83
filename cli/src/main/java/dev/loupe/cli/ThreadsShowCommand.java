package dev.loupe.cli;

import dev.loupe.Loupe;
import dev.loupe.checkpoint.ThreadRecord;
import dev.loupe.checkpoint.ThreadStatus;
import dev.loupe.graph.StoredResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** {@code loupe threads show ID}: the thread's result, printed as {@code analyze} printed it, for any graph. */
@Command(name = "show", mixinStandardHelpOptions = true, description = "Show a thread's result.")
final class ThreadsShowCommand implements Callable<Integer> {

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
            ThreadRecord thread = loupe.threads().require(id);
            var result = loupe.threads().result(id);
            var out = spec.commandLine().getOut();
            if (json) {
                out.println(result.map(Object::toString).orElse("null"));
                return 0;
            }
            out.printf("thread %s · %s · %s · created %s · updated %s%n", thread.id(), thread.graphName(),
                    thread.status().code(), thread.createdAt(), thread.updatedAt());
            out.printf("image %s (sha256 %s) · model %s%n", thread.imageName(), thread.imageSha256(), thread.model());
            result.ifPresent(stored -> out.println(thread.status() == ThreadStatus.DONE
                    ? ResultPrinter.summary(StoredResult.read(stored, thread.verdict()))
                    : "error: " + stored.path("error").asText("(none recorded)")));
        }
        return 0;
    }
}
