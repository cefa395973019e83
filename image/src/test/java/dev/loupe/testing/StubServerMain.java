package dev.loupe.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A runnable OpenAI-compatible server on loopback that plays a plausible forensic conversation, for
 * demonstrating {@code loupe analyze --model … --base-url …} without the internet and for measuring
 * what such a conversation costs. Vision requests get a description; the agent's first turn calls
 * every tool the request offers, at once (natively, or under the JSON tool protocol when the tools
 * are described in the system prompt); once it has tool results it answers with a verdict. Each
 * reply reports the {@link TokenEstimate} of its request as its usage, and every request's estimate
 * is printed to standard error.
 *
 * <pre>java -cp target/loupe.jar:target/test-classes dev.loupe.testing.StubServerMain [PORT [DUMP_DIR]]</pre>
 *
 * With {@code DUMP_DIR}, every request body is also written there as {@code request-N.json}.
 */
public final class StubServerMain {

    static final String DESCRIPTION = """
            The image shows an outdoor scene in daylight: a street with parked cars, a row of houses and \
            trees, photographed at eye level with a normal lens. Light comes from the upper left and the \
            shadows of cars, trees and lamp posts agree with it. Perspective lines converge consistently; \
            reflections in windows and car bodies match their surroundings. Text on signs is legible and \
            plausible. No halos, cloned patches, smudged regions or mismatched noise are visible; edges and \
            depth of field look optical. Nothing suggests generation (no waxy textures, garbled text or \
            impossible geometry).
            {"verdict": "real", "confidence": 0.6, "category": "camera_original", "rationale": "Physically consistent scene with no visible traces of editing or generation."}""";

    static final String VERDICT = """
            The camera metadata is intact with a maker note, the quantization tables are a camera's own and \
            nothing indicates resaving, generation or local tampering.
            ```json
            {"verdict": "real", "confidence": 0.8, "p_fake": 0.15, "category": "camera_original",
             "rationale": "Intact camera EXIF and camera quantization tables; no provenance markers or local anomalies.",
             "forensic_summary": "metadata: camera EXIF intact; provenance: no AI or C2PA markers; jpeg: camera tables, single compression; copy_move: none.",
             "evidence": [{"tool": "metadata", "finding": "camera_exif_intact", "weight": -1.5},
                          {"tool": "jpeg", "finding": "camera_quantization", "weight": -0.8}]}
            ```""";

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern CATALOGUE_ENTRY = Pattern.compile("(?m)^- ([a-z_]+):");

    private StubServerMain() {
    }

    public static void main(String[] args) throws Exception {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 8765;
        java.nio.file.Path dump = args.length > 1 ? java.nio.file.Path.of(args[1]) : null;
        OpenAiStub stub = new OpenAiStub(port);
        AtomicInteger count = new AtomicInteger();
        AtomicLong total = new AtomicLong();
        stub.otherwise(body -> {
            TokenEstimate.Prompt prompt = TokenEstimate.of(body);
            OpenAiStub.Reply reply = forensicReply(body);
            long completion = completionTokens(reply);
            long sum = total.addAndGet(prompt.tokens() + completion);
            int n = count.incrementAndGet();
            if (dump != null) {
                try {
                    java.nio.file.Files.createDirectories(dump);
                    java.nio.file.Files.writeString(dump.resolve("request-" + n + ".json"), body.toPrettyString());
                } catch (java.io.IOException e) {
                    System.err.println("cannot write " + dump + ": " + e.getMessage());
                }
            }
            System.err.printf("request %d: ~%d prompt tokens (%d text chars, %d image(s) = %d tokens, %d messages), "
                            + "reply ~%d tokens; running total ~%d%n", n, prompt.tokens(), prompt.textChars(),
                    prompt.images(), prompt.imageTokens(), prompt.messages(), completion, sum);
            return reply;
        });
        System.err.println("OpenAI-compatible stub on " + stub.baseUrl() + " (Ctrl-C to stop)");
        Thread.currentThread().join();
    }

    /**
     * The reply this conversation gives to one request: a description for vision requests, every
     * offered tool at once for the agent's first turn (natively or under the JSON tool protocol),
     * then a verdict. Its usage is the {@link TokenEstimate} of the request.
     */
    public static OpenAiStub.Reply forensicReply(JsonNode body) {
        TokenEstimate.Prompt prompt = TokenEstimate.of(body);
        if (prompt.images() > 0 && body.path("tools").isMissingNode()) {
            return OpenAiStub.text(DESCRIPTION, (int) prompt.tokens(), (int) TokenEstimate.ofReply(DESCRIPTION));
        }
        if (speaksJsonProtocol(body)) {
            String envelope = jsonProtocolReply(body);
            return OpenAiStub.text(envelope, (int) prompt.tokens(), (int) TokenEstimate.ofReply(envelope));
        }
        if (!body.path("tools").isMissingNode() && !hasToolResults(body)) {
            List<String[]> calls = new ArrayList<>();
            for (JsonNode tool : body.path("tools")) {
                calls.add(new String[]{tool.path("function").path("name").asText(), "{}"});
            }
            return OpenAiStub.toolCalls(calls, (int) prompt.tokens(), 12 * calls.size());
        }
        return OpenAiStub.text(VERDICT, (int) prompt.tokens(), (int) TokenEstimate.ofReply(VERDICT));
    }

    private static long completionTokens(OpenAiStub.Reply reply) {
        try {
            return JSON.readTree(reply.body()).path("usage").path("completion_tokens").asLong();
        } catch (java.io.IOException e) {
            return 0;
        }
    }

    /** A request from the JSON tool protocol: tools described in the system prompt, none sent natively. */
    private static boolean speaksJsonProtocol(JsonNode body) {
        return body.path("tools").isMissingNode() && body.path("messages").path(0).path("content").asText().contains("\"type\":\"tool_use\"");
    }

    private static String jsonProtocolReply(JsonNode body) {
        ObjectNode root = JSON.createObjectNode();
        if (body.path("messages").toString().contains("Tool results:")) {
            return root.put("type", "text").put("text", VERDICT).toString();
        }
        ArrayNode uses = root.put("type", "tool_use").putArray("tool_uses");
        Matcher tool = CATALOGUE_ENTRY.matcher(body.path("messages").path(0).path("content").asText());
        while (tool.find()) {
            uses.addObject().put("name", tool.group(1)).putObject("params");
        }
        return root.toString();
    }

    private static boolean hasToolResults(JsonNode body) {
        for (JsonNode message : body.path("messages")) {
            if (message.path("role").asText().equals("tool")) {
                return true;
            }
        }
        return false;
    }
}
