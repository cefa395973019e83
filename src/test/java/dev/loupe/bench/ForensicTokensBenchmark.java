package dev.loupe.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loupe.Loupe;
import dev.loupe.checkpoint.StoreLocation;
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
 * answers (a 100-word description; one turn calling every tool, as the seeds' manual loop does; a
 * verdict with its JSON block); Loupe's side — prompts, tool specifications, tool results on the
 * camera original in {@code evaluation/samples} — is what Loupe really sends. Counted with jtokkit's
 * o200k_base as {@link CompositionTokensBenchmark#promptTokens} does (85 per image at detail low),
 * per request and per node.
 *
 * <p>Usage: {@code mvn -q test-compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt
 * -Dmdep.includeScope=test && java -cp target/classes:target/test-classes:$(cat target/cp.txt)
 * dev.loupe.bench.ForensicTokensBenchmark [IMAGE]}
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

    static final List<String> TOOLS = List.of("metadata", "provenance", "jpeg", "ela", "noise", "copy_move", "thumbnail",
            "jpeg_ghost", "adq", "copy_move_keypoints", "quant_tables", "same_quantization");

    private ForensicTokensBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path image = Path.of(args.length > 0 ? args[0] : "evaluation/samples/camera-original.jpg");
        try (OpenAiStub stub = new OpenAiStub()) {
            stub.enqueue(OpenAiStub.text(VISION, 0, 0));
            List<String[]> calls = new ArrayList<>();
            for (String tool : TOOLS) {
                calls.add(new String[]{tool, "{}"});
            }
            stub.enqueue(OpenAiStub.toolCalls(calls, 0, 0));
            stub.enqueue(OpenAiStub.text(VERDICT, 0, 0));
            ModelSpec model = new ModelSpec("openai", "gpt-4o-mini", stub.baseUrl(), 0.0, null, Duration.ofSeconds(30), 1, Map.of(), null);
            try (Loupe loupe = Loupe.builder().graph("forensic").store(StoreLocation.parse("memory"))
                    .model(NodeRole.VISION, model).model(NodeRole.AGENT, model).model(NodeRole.STRUCTURING, model)
                    .providers(ModelProviders.discover().with(new OpenAiProvider(Map.of("OPENAI_API_KEY", "sk-bench")))).build()) {
                loupe.analyze(image);
            }
            StringBuilder toolCallText = new StringBuilder();
            for (String[] call : calls) {
                toolCallText.append(call[0]).append(call[1]);
            }
            List<String> replies = List.of(VISION, toolCallText.toString(), VERDICT);
            String[] names = {"vision", "agent turn 1", "agent turn 2"};
            long total = 0;
            for (int i = 0; i < stub.requests().size(); i++) {
                JsonNode body = stub.requests().get(i).body();
                long prompt = CompositionTokensBenchmark.promptTokens(body);
                long tools = body.has("tools") ? CompositionTokensBenchmark.promptTokens(toolsOnly(body)) - 3 : 0;
                long completion = i < replies.size() ? CompositionTokensBenchmark.O200K.countTokens(replies.get(i)) : 0;
                total += prompt + completion;
                System.out.printf(Locale.ROOT, "%-13s prompt %5d (tool specifications %4d)  completion %4d  (messages %d, tools %d)%n",
                        i < names.length ? names[i] : "request " + (i + 1), prompt, tools, completion,
                        body.path("messages").size(), body.path("tools").size());
                if (System.getenv("LOUPE_TOKENS_VERBOSE") != null) {
                    System.out.println(body.path("tools"));
                }
                for (JsonNode message : body.path("messages")) {
                    String role = message.path("role").asText();
                    String what = role.equals("tool") ? "tool result " + toolName(body, message.path("tool_call_id").asText()) : role;
                    var one = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
                    one.putArray("messages").add(message);
                    System.out.printf(Locale.ROOT, "    %-24s %5d%n", what, CompositionTokensBenchmark.promptTokens(one) - 3);
                    if (System.getenv("LOUPE_TOKENS_VERBOSE") != null) {
                        System.out.println(message.path("content"));
                    }
                }
            }
            System.out.printf(Locale.ROOT, "tokens per forensic analysis (o200k_base, detail low): %d; target 2500%n", total);
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
        var node = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
        node.set("tools", body.path("tools"));
        return node;
    }
}
