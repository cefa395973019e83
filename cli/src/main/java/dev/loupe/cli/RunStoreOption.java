package dev.loupe.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.checkpoint.StoreLocation;
import dev.loupe.core.LoupeException;
import dev.loupe.eval.RunFolder;
import picocli.CommandLine.Option;

/** {@code --store} of the commands that read a past run's threads: by default the store that run used. */
final class RunStoreOption {

    @Option(names = "--store", paramLabel = "PATH|jdbc:postgresql://…", description = "The thread store (default: the one the run used).")
    String store;

    /**
     * The store holding the threads of {@code run} (its {@code run.json} is {@code runJson}); a run that kept
     * them in memory is refused, the message ending with {@code consequence}.
     */
    StoreLocation durable(RunFolder run, ObjectNode runJson, String consequence) {
        StoreLocation location = StoreLocation.parse(store != null ? store : runJson.path("store").asText("memory"));
        if (location instanceof StoreLocation.Memory) {
            throw LoupeException.badInput("run " + run.runId() + " kept its threads in memory" + consequence);
        }
        return location;
    }
}
