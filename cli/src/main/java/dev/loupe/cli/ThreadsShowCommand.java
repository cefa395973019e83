package dev.loupe.cli;

import dev.loupe.Loupe;
import dev.loupe.checkpoint.ThreadRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.concurrent.Callable;

/** {@code loupe threads show ID}: the thread's result. */
@Command(name = "show", mixinStandardHelpOptions = true, description = "Show a thread's result.")
final class ThreadsShowCommand implements Callable<Integer> {

    @Mixin
    ThreadsCommand.OneThread thread;

    @Option(names = "--json", description = "The result as JSON.")
    boolean json;

    @Override
    public Integer call() {
        try (Loupe loupe = thread.open()) {
            ThreadRecord found = loupe.threads().require(thread.id());
            var result = loupe.threads().result(thread.id());
            if (json) {
                thread.out().println(result.map(Object::toString).orElse("null"));
            } else {
                var out = thread.out();
                out.printf("thread %s · %s · %s · created %s · updated %s%n", found.id(), found.graphName(),
                        found.status().code(), found.createdAt(), found.updatedAt());
                out.printf("image %s (sha256 %s) · model %s%n", found.imageName(), found.imageSha256(), found.model());
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
