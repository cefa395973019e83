package dev.loupe.cli;

import dev.loupe.Loupe;
import dev.loupe.LoupeBuilder;
import dev.loupe.PromptOptions;
import dev.loupe.core.LoupeException;
import dev.loupe.graph.AnalysisResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code loupe run "PROMPT"}: any task through the agent's tool loop, the answer validated against a schema. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Run a prompt through the agent's tool loop; the answer is validated against a JSON Schema "
                + "(repaired when it is not). Needs a model (--model, --base-url).")
final class RunCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "PROMPT", description = "The task, in your words.")
    String prompt;

    @Option(names = "--image", paramLabel = "FILE", description = "The image the task is about; the tools work on it.")
    List<Path> images = new ArrayList<>();

    @Option(names = "--schema", paramLabel = "FILE", description = "A JSON Schema the answer must follow (default: {\"answer\": string}).")
    Path schema;

    @Option(names = "--tools", split = ",", paramLabel = "NAME", description = "Tools the agent may call, any of the registry's "
            + "(see 'loupe graph list'); default: none.")
    List<String> tools;

    @Option(names = "--steps", description = "Print each step first: thought, tool calls with observations, tokens.")
    boolean steps;

    @Option(names = "--json", description = "Print the whole result as one JSON object.")
    boolean json;

    @Option(names = "--graph", defaultValue = "agent", description = "The graph to run (default: ${DEFAULT-VALUE}).")
    String graph;

    @Option(names = "--thread-id", paramLabel = "ID", converter = ThreadIdConverter.class,
            description = "Run under this thread id: letters, digits, . _ -.")
    String threadId;

    @Mixin
    ModelOptions models = new ModelOptions();

    @Mixin
    StoreOption store;

    /** Where the key and endpoint are read from; tests running the command in-process set their own. */
    Map<String, String> environment = System.getenv();

    @Override
    public Integer call() {
        if (images.size() > 1) {
            throw LoupeException.badInput("--image takes one image per run, not " + images.size()
                    + "; run once per image (the thread is bound to its image)");
        }
        PrintWriter out = spec.commandLine().getOut();
        LoupeBuilder builder = Loupe.builder().graph(graph).store(store.location());
        models.apply(builder, spec.commandLine().getErr(), environment);
        try (Loupe loupe = builder.build()) {
            PromptOptions options = PromptOptions.defaults().withImage(images.isEmpty() ? null : images.get(0))
                    .withSchema(schema).withTools(tools).withThreadId(threadId);
            AnalysisResult result = loupe.run(prompt, options);
            if (steps) {
                StepPrinter.print(out, loupe.steps(result.threadId()));
            }
            out.println(ResultPrinter.render(result, json));
            out.flush();
        }
        return 0;
    }
}
