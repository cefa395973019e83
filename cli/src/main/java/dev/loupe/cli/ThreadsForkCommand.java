package dev.loupe.cli;

import dev.loupe.Loupe;
import dev.loupe.core.LoupeException;
import dev.loupe.graph.AnalysisResult;
import dev.loupe.graph.GraphOverrides;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code loupe threads fork ID --from NODE|CHECKPOINT}: a new thread re-running what comes after. */
@Command(name = "fork", mixinStandardHelpOptions = true,
        description = "Start a new thread from a checkpoint of ID, re-running only what comes after it, "
                + "optionally with another model, prompt or schema.")
final class ThreadsForkCommand implements Callable<Integer> {

    @Mixin
    ThreadsCommand.OneThread thread;

    @Option(names = "--from", required = true, paramLabel = "NODE|CHECKPOINT",
            description = "vision, agent, or a checkpoint id from 'loupe threads history'.")
    String from;

    @Option(names = "--model", description = "offline, or a model name at an OpenAI-compatible endpoint, for the nodes that re-run.")
    String model;

    @Option(names = "--prompt", paramLabel = "ROLE=FILE", description = "Another prompt file for a role (vision, agent, practice, task, structuring).")
    Map<String, String> prompts = new LinkedHashMap<>();

    @Option(names = "--schema", paramLabel = "FILE", description = "Another output schema (a path under the graph files' root).")
    String schema;

    @Option(names = "--json", description = "The result as JSON.")
    boolean json;

    @Override
    public Integer call() {
        GraphOverrides overrides = GraphOverrides.none().schema(schema);
        for (Map.Entry<String, String> prompt : prompts.entrySet()) {
            overrides = overrides.prompt(prompt.getKey(), prompt.getValue());
        }
        prompts.forEach((role, file) -> {
            if (!Files.isRegularFile(Path.of(file))) {
                throw LoupeException.badInput("--prompt " + role + "=" + file + ": no such file "
                        + Path.of(file).toAbsolutePath().normalize());
            }
        });
        try (Loupe loupe = thread.open()) {
            if (model != null) {
                overrides = overrides.modelNamed(loupe.graph().spec(), model);
            }
            AnalysisResult result = loupe.threads().fork(thread.id, from, overrides);
            thread.out().println(ResultPrinter.render(result, json));
        }
        return 0;
    }
}
