package dev.loupe.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.Loupe;
import dev.loupe.checkpoint.StoreLocation;
import dev.loupe.graph.AgentSpec;
import dev.loupe.graph.GraphLocation;
import dev.loupe.graph.GraphSpec;
import dev.loupe.model.ModelProviders;
import dev.loupe.model.ModelSpec;
import dev.loupe.model.NodeRole;
import dev.loupe.model.openai.OpenAiProvider;
import dev.loupe.testing.OpenAiStub;
import dev.loupe.tool.composition.CompositionTokensBenchmark;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Tokens per forensic analysis with a model at detail low: the forensic graph (vision, the agent with
 * all the forensic tools of the graph, structuring) on the real langchain4j OpenAI client, talking to the
 * loopback stub, which records every request. The model's side is scripted as a careful analyst
 * answers (a 100-word description; when the model chooses its tools, one turn calling every tool, as
 * the seeds' manual loop does; a verdict with its JSON block); Loupe's side — prompts, tool
 * specifications, tool results on the camera original in {@code evaluation/samples} — is what Loupe
 * really sends. Counted with jtokkit's o200k_base as {@link CompositionTokensBenchmark#promptTokens}
 * does (85 per image at detail low), per request, per message and per node.
 *
 * <p>Runs the graph twice: as shipped ({@code tools_first}: the tools run before the model's first
 * turn) and with the model calling the tools itself, which is what {@code tools_first: false} costs.
 *
 * <p>Usage: {@code mvn -q test-compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt
 * -Dmdep.includeScope=test && java -cp target/classes:target/test-classes:$(cat target/cp.txt)
 * dev.loupe.bench.ForensicTokensBenchmark [IMAGE]} ({@code LOUPE_TOKENS_VERBOSE=1} prints every
 * message and the tool specifications too).
 */
public final class ForensicTokensBenchmark {

    static final String VISION = "A daylight photograph of a brick building's corner seen from the street: a red-brown "
            + "brick wall with three rows of white-framed windows fills the left two thirds, a paler rendered wall the right. "
            + "Sky is a thin strip of overcast grey along the top edge. The light is flat and even, with soft shadows under "
            + "the window sills. Fine texture is visible in the brick and mortar; edges are sharp and consistent across the "
            + "frame, with mild noise in the sky. No text, watermark, border or obvious retouching is visible. The colours "
            + "look like an ordinary compact camera's, slightly warm.";

    static final String VERDICT = "The file is what a camera writes: maker EXIF with a consistent thumbnail, quantization "
            + "tables of the camera's family and no sign of a second compression; ELA, noise and copy-move show nothing "
            + "local.\n\n```json\n{\"verdict\": \"real\", \"confidence\": 0.8, \"category\": \"camera_original\", "
            + "\"rationale\": \"Camera metadata and a single compression with uniform error levels and noise.\"}\n```";

    private static final boolean VERBOSE = System.getenv("LOUPE_TOKENS_VERBOSE") != null;
    static final List<String> TOOLS = List.of("metadata", "provenance", "jpeg", "ela", "noise", "copy_move", "thumbnail",
            "jpeg_ghost", "adq", "copy_move_keypoints", "quant_tables", "same_quantization", "resampling", "filter_traces");

    private ForensicTokensBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path image = Path.of(args.length > 0 ? args[0] : "evaluation/samples/camera-original.jpg");
        GraphSpec shipped = GraphLocation.of(Path.of("."), "forensic").load();
        long first = run(shipped, image);
        AgentSpec agent = shipped.agent();
        GraphSpec chooses = new GraphSpec(shipped.name(), shipped.description(), shipped.models(), shipped.fallback(),
                shipped.prompts(), shipped.vision(), new AgentSpec(agent.enabled(), agent.maxIterations(), agent.passImage(),
                agent.maxTokens(), !agent.toolsFirst()), shipped.tools(), shipped.structuring(), shipped.policy(),
                shipped.evaluation());
        long second = run(chooses, image);
        System.out.printf(Locale.ROOT, "tokens per forensic analysis (o200k_base, detail low), %d tools: %d as shipped "
                + "(tools_first %s), %d with tools_first %s; target 2500%n", shipped.tools().names().size(),
                first, agent.toolsFirst(), second, !agent.toolsFirst());
    }

    /** One analysis on the stub; prints its requests and returns its tokens, prompts and completions. */
    private static long run(GraphSpec spec, Path image) throws Exception {
        System.out.printf(Locale.ROOT, "%n== %s, tools_first %s%n", spec.name(), spec.agent().toolsFirst());
        try (OpenAiStub stub = new OpenAiStub()) {
            List<String> replies = new ArrayList<>(List.of(VISION));
            List<String> names = new ArrayList<>(List.of("vision"));
            stub.enqueue(OpenAiStub.text(VISION, 0, 0));
            if (!spec.agent().toolsFirst()) {
                List<String[]> calls = new ArrayList<>();
                StringBuilder callText = new StringBuilder();
                for (String tool : spec.tools().names()) {
                    calls.add(new String[]{tool, "{}"});
                    callText.append(tool).append("{}");
                }
                stub.enqueue(OpenAiStub.toolCalls(calls, 0, 0));
                replies.add(callText.toString());
                names.add("agent turn " + (names.size()));
            }
            stub.enqueue(OpenAiStub.text(VERDICT, 0, 0));
            replies.add(VERDICT);
            names.add("agent turn " + names.size());
            ModelSpec model = new ModelSpec("openai", "gpt-4o-mini", stub.baseUrl(), 0.0, null, Duration.ofSeconds(30), 1, Map.of(), null);
            try (Loupe loupe = Loupe.builder().graph(spec).store(StoreLocation.parse("memory"))
                    .model(NodeRole.VISION, model).model(NodeRole.AGENT, model).model(NodeRole.STRUCTURING, model)
                    .providers(ModelProviders.discover().with(new OpenAiProvider(Map.of("OPENAI_API_KEY", "sk-bench")))).build()) {
                loupe.analyze(image);
            }
            long total = 0;
            for (int i = 0; i < stub.requests().size(); i++) {
                JsonNode body = stub.requests().get(i).body();
                long prompt = CompositionTokensBenchmark.promptTokens(body);
                long tools = body.has("tools") ? CompositionTokensBenchmark.promptTokens(toolsOnly(body)) - 3 : 0;
                long completion = i < replies.size() ? CompositionTokensBenchmark.O200K.countTokens(replies.get(i)) : 0;
                total += prompt + completion;
                System.out.printf(Locale.ROOT, "%-13s prompt %5d (tool specifications %4d)  completion %4d  (messages %d, tools %d)%n",
                        i < names.size() ? names.get(i) : "request " + (i + 1), prompt, tools, completion,
                        body.path("messages").size(), body.path("tools").size());
                if (VERBOSE) {
                    System.out.println(body.path("tools"));
                }
                for (JsonNode message : body.path("messages")) {
                    printMessage(body, message);
                }
            }
            System.out.printf(Locale.ROOT, "total %d%n", total);
            return total;
        }
    }

    private static void printMessage(JsonNode body, JsonNode message) {
        String role = message.path("role").asText();
        String what = role.equals("tool") ? "tool result " + toolName(body, message.path("tool_call_id").asText()) : role;
        ObjectNode one = JsonNodeFactory.instance.objectNode();
        one.putArray("messages").add(message);
        System.out.printf(Locale.ROOT, "    %-24s %5d%n", what, CompositionTokensBenchmark.promptTokens(one) - 3);
        if (VERBOSE) {
            JsonNode content = message.path("content");
            System.out.println(content.isTextual() ? content.asText() : content.toString().replaceAll("base64,[^\"]*", "base64,…"));
        }
    }

    /** The name of the tool a call id belongs to, from the assistant message that made the call. */
    private static String toolName(JsonNode body, String callId) {
        for (JsonNode message : body.path("messages")) {
            for (JsonNode call : message.path("tool_calls")) {
                if (call.path("id").asText().equals(callId)) {
                    return call.path("function").path("name").asText();
                }
            }
        }
        return callId;
    }

    private static JsonNode toolsOnly(JsonNode body) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.set("tools", body.path("tools"));
        return node;
    }
}
