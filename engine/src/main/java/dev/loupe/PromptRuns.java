package dev.loupe;

import dev.loupe.checkpoint.ThreadClaim;
import dev.loupe.core.LoupeException;
import dev.loupe.graph.AnalysisGraph;
import dev.loupe.graph.AnalysisResult;
import dev.loupe.graph.GraphCompiler;
import dev.loupe.graph.GraphOverrides;
import dev.loupe.graph.GraphSpec;
import dev.loupe.graph.VisionSpec;
import dev.loupe.image.ImageLoader;
import dev.loupe.image.LoadedImage;
import dev.loupe.model.ModelSpec;
import dev.loupe.model.NodeRole;
import org.bsc.langgraph4j.GraphInput;

import java.nio.file.Files;
import java.util.List;
import java.util.UUID;

/**
 * Prompt-in agent runs ({@link Loupe#run}): the user's task through the graph's ReAct loop with the
 * tools they name, then the answer structured against the schema they give. Tools and schema change
 * the graph, so each run compiles its own; its fingerprint records both.
 */
final class PromptRuns {

    private final GraphCompiler compiler;
    private final GraphSpec spec;
    private final RecordedRuns runs;
    private final ImageLoader loader;

    PromptRuns(GraphCompiler compiler, GraphSpec spec, RecordedRuns runs, ImageLoader loader) {
        this.compiler = compiler;
        this.spec = spec;
        this.runs = runs;
        this.loader = loader;
    }

    AnalysisResult run(String prompt, PromptOptions options) {
        if (prompt == null || prompt.isBlank()) {
            throw LoupeException.badInput("the prompt is empty: say what the agent should do, e.g. loupe run \"Is this photo level?\"");
        }
        requireModel(spec);
        LoadedImage image = options.image() == null ? null : loader.load(options.image());
        GraphSpec effective = forImage(overrides(options).applyTo(spec), image != null);
        String threadId = options.threadId() != null ? ThreadClaim.requested(options.threadId()) : UUID.randomUUID().toString();
        AnalysisGraph graph = compilerFor(options).compile(effective);
        try {
            if (image != null) {
                runs.store().artifacts().put(image.bytes(), image.sha256());
            }
            runs.claim(threadId, image, graph, graph.fingerprint());
            GraphInput input = GraphInput.args(AnalysisGraph.input(image, task(prompt, graph)));
            return runs.record(threadId, () -> runs.run(graph, input, image, threadId, options.listener()));
        } finally {
            graph.close();
        }
    }

    /**
     * Refuses a graph whose agent is the offline provider with no policy of its own: no rule could
     * answer an arbitrary prompt, and a made-up answer would be worse than none.
     */
    static void requireModel(GraphSpec spec) {
        if (spec.agent().enabled() && ModelSpec.OFFLINE.equals(spec.model(NodeRole.AGENT).provider()) && spec.policy().kind() == null) {
            throw LoupeException.badInput("the " + spec.name() + " graph needs a model: the offline provider cannot answer an "
                    + "arbitrary prompt; pass --model NAME with --base-url URL (key in LOUPE_API_KEY)");
        }
    }

    /** Without an image there is nothing for the vision node to look at: the agent starts. */
    static GraphSpec forImage(GraphSpec s, boolean hasImage) {
        if (hasImage || !s.vision().enabled()) {
            return s;
        }
        return new GraphSpec(s.name(), s.description(), s.models(), s.fallback(), s.prompts(),
                new VisionSpec(false, s.vision().maxSide(), s.vision().detail()), s.agent(), s.tools(), s.structuring(),
                s.policy(), s.evaluation());
    }

    private GraphOverrides overrides(PromptOptions options) {
        GraphOverrides overrides = GraphOverrides.none();
        if (options.tools() != null) {
            List<String> known = compiler.tools().names();
            for (String tool : options.tools()) {
                if (!known.contains(tool)) {
                    throw LoupeException.badInput("unknown tool '" + tool + "'; available: " + String.join(", ", known));
                }
            }
            overrides = overrides.tools(options.tools());
        }
        if (options.schema() != null) {
            if (!Files.isRegularFile(options.schema())) {
                throw LoupeException.badInput(options.schema() + ": no such schema file; give a JSON Schema file");
            }
            overrides = overrides.schema(schemaPath(options));
        }
        return overrides;
    }

    /** The compiler, reading the user's schema file where it is (graph files are confined to their root). */
    private GraphCompiler compilerFor(PromptOptions options) {
        if (options.schema() == null) {
            return compiler;
        }
        String text;
        try {
            text = Files.readString(options.schema());
        } catch (java.io.IOException e) {
            throw LoupeException.badInput(options.schema() + ": cannot read this schema file (" + dev.loupe.core.Causes.of(e) + ")");
        }
        return new GraphCompiler(compiler.files().with(schemaPath(options), text), compiler.providers(), compiler.tools(),
                compiler.saver(), compiler.resources());
    }

    private static String schemaPath(PromptOptions options) {
        return options.schema().toAbsolutePath().normalize().toString();
    }

    /** The prompt, and the schema the answer must follow, so the model aims at it from the start. */
    private static String task(String prompt, AnalysisGraph graph) {
        return prompt.strip() + "\n\nEnd your answer with one JSON object that follows this JSON Schema:\n" + graph.schema().text();
    }
}
