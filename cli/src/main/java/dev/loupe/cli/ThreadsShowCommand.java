package dev.loupe.cli;

import dev.loupe.Loupe;
import dev.loupe.checkpoint.ThreadRecord;
import dev.loupe.checkpoint.ThreadStatus;
import dev.loupe.graph.StoredResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.concurrent.Callable;

/** {@code loupe threads show ID}: the thread's result, printed as {@code analyze} printed it, for any graph. */
@Command(name = "show", mixinStandardHelpOptions = true, description = "Show a thread's result.")
final class ThreadsShowCommand implements Callable<Integer> {

    @Mixin
    ThreadsCommand.OneThread thread;

    @Option(names = "--json", description = "The result as JSON.")
    boolean json;

    @Override
    public Integer call() {
        try (Loupe loupe = thread.open()) {
            ThreadRecord found = loupe.threads().require(thread.id);
            var result = loupe.threads().result(thread.id);
            var out = thread.out();
            if (json) {
                out.println(result.map(Object::toString).orElse("null"));
                return 0;
            }
            out.printf("thread %s · %s · %s · created %s · updated %s%n", found.id(), found.graphName(),
                    found.status().code(), found.createdAt(), found.updatedAt());
            out.printf("image %s (sha256 %s) · model %s%n", found.imageName(), found.imageSha256(), found.model());
            result.ifPresent(stored -> out.println(found.status() == ThreadStatus.DONE
                    ? ResultPrinter.summary(StoredResult.read(stored, found.verdict()))
                    : "error: " + stored.path("error").asText("(none recorded)")));
        }
        return 0;
    }
}
