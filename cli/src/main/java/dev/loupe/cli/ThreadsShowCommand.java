package dev.loupe.cli;

import dev.loupe.Loupe;
import dev.loupe.checkpoint.ThreadRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** {@code loupe threads show ID}: the thread's result. */
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
        try (Loupe loupe = common.open()) {
            ThreadRecord thread = loupe.threads().require(id);
            var result = loupe.threads().result(id);
            if (json) {
                spec.commandLine().getOut().println(result.map(Object::toString).orElse("null"));
            } else {
                var out = spec.commandLine().getOut();
                out.printf("thread %s · %s · %s · created %s · updated %s%n", thread.id(), thread.graphName(),
                        thread.status().code(), thread.createdAt(), thread.updatedAt());
                out.printf("image %s (sha256 %s) · model %s%n", thread.imageName(), thread.imageSha256(), thread.model());
                result.ifPresent(r -> {
                    if (r.has("verdict")) {
                        out.printf("verdict %s (%s), confidence %s%n  %s%n", r.path("verdict").asText(),
                                r.path("category").asText(), r.path("confidence").asText(), r.path("rationale").asText());
                        r.path("evidence").forEach(e -> out.printf("    %+.1f [%s] %s%n", e.path("weight").asDouble(),
                                e.path("tool").asText(), e.path("finding").asText()));
                    } else {
                        out.println("error: " + r.path("error").asText());
                    }
                });
            }
        }
        return 0;
    }
}
