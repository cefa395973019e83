package dev.loupe.tool.composition;

import com.fasterxml.jackson.databind.JsonNode;
import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
import dev.loupe.AnalysisOptions;
import dev.loupe.Loupe;
import dev.loupe.checkpoint.StoreLocation;
import dev.loupe.eval.composition.CompositionImages;
import dev.loupe.kb.FileKnowledgeStore;
import dev.loupe.kb.KnowledgeBase;
import dev.loupe.model.ModelProviders;
import dev.loupe.model.ModelSpec;
import dev.loupe.model.NodeRole;
import dev.loupe.model.openai.OpenAiProvider;
import dev.loupe.testing.OpenAiStub;
import dev.loupe.tool.ToolRegistry;

import javax.imageio.ImageIO;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Tokens per critique: one composition critique with vision and agent on the real langchain4j
 * OpenAI client, talking to the loopback stub, which records every request. The model's side is
 * scripted as a real critic would answer (a 100-word description; one turn asking for the measures
 * and one search of the top 3 passages, as the seed's critic does; a critique with its JSON block), Loupe's side — prompts, tool schemas, measures,
 * passages — is what Loupe really sends. Counted with jtokkit's o200k_base (GPT-4o's tokenizer): the
 * text of every message and tool call, the tool schemas, 3 tokens of framing per message and 3 per
 * request, and 85 per image at detail low (OpenAI's published figure); replies counted as completions.
 *
 * <p>Usage: {@code mvn -q test-compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt
 * -Dmdep.includeScope=test && java -cp target/classes:target/test-classes:$(cat target/cp.txt)
 * dev.loupe.tool.composition.CompositionTokensBenchmark}
 */
public final class CompositionTokensBenchmark {

    static final String VISION = "A wide seascape at dusk: a pale blue sky fills the upper part of the frame above a dark "
            + "green-grey band of land that runs across the lower third. The boundary between them, the horizon, runs across "
            + "the whole width and is visibly not level: it rises toward the right. There is no distinct subject; the picture "
            + "is two broad areas of tone. The light is soft and even, with no strong shadows. The land shows fine texture, the "
            + "sky a smooth gradient from deeper blue at the top to a lighter tone near the horizon. Nothing in the foreground "
            + "leads the eye in; the eye goes first to the horizon line itself.";

    public static final Encoding O200K = Encodings.newDefaultEncodingRegistry().getEncoding(EncodingType.O200K_BASE);

    private CompositionTokensBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path image = Files.createTempDirectory("loupe-tokens").resolve("seascape.png");
        ImageIO.write(CompositionImages.horizon(3, 0.62, 2), "png", image.toFile());
        try (OpenAiStub stub = new OpenAiStub(); KnowledgeBase kb = new KnowledgeBase(FileKnowledgeStore.inMemory())) {
            stub.enqueue(OpenAiStub.text(VISION, 0, 0));
            stub.enqueue(OpenAiStub.toolCalls(List.<String[]>of(new String[]{"composition_measures", "{}"},
                    new String[]{"composition_search", "{\"query\":\"horizon is tilted, keep the horizon level\",\"k\":3}"}),
                    0, 0));
            stub.enqueue(OpenAiStub.text(CompositionGraphTest.CRITIQUE, 0, 0));
            ModelSpec model = new ModelSpec("openai", "gpt-4o-mini", stub.baseUrl(), 0.0, null, Duration.ofSeconds(30), 1, Map.of(), null);
            try (Loupe loupe = Loupe.builder().graph("composition").store(StoreLocation.parse("memory"))
                    .tools(ToolRegistry.of(List.of(new CompositionMeasuresTool(), new CompositionSearchTool(kb))))
                    .model(NodeRole.VISION, model).model(NodeRole.AGENT, model)
                    .providers(ModelProviders.discover().with(new OpenAiProvider(Map.of("OPENAI_API_KEY", "sk-bench")))).build()) {
                loupe.analyze(image, AnalysisOptions.defaults().withQuestion("Is my horizon straight?"));
            }
            List<String> replies = List.of(VISION, "composition_measures{}composition_search"
                    + "{\"query\":\"horizon is tilted, keep the horizon level\",\"k\":3}", CompositionGraphTest.CRITIQUE);
            long total = 0;
            String[] names = {"vision", "agent turn 1", "agent turn 2"};
            for (int i = 0; i < stub.requests().size(); i++) {
                JsonNode body = stub.requests().get(i).body();
                long prompt = promptTokens(body);
                long completion = O200K.countTokens(replies.get(i));
                total += prompt + completion;
                System.out.printf(Locale.ROOT, "%-13s prompt %5d  completion %4d  (messages %d, tools %d)%n", names[i], prompt,
                        completion, body.path("messages").size(), body.path("tools").size());
            }
            System.out.printf(Locale.ROOT, "tokens per critique (o200k_base, detail low): %d; target 2500%n", total);
        }
    }

    public static long promptTokens(JsonNode body) {
        long tokens = 3;
        for (JsonNode message : body.path("messages")) {
            tokens += 3;
            JsonNode content = message.path("content");
            if (content.isTextual()) {
                tokens += O200K.countTokens(content.asText());
            }
            for (JsonNode part : content.isArray() ? content : com.fasterxml.jackson.databind.node.MissingNode.getInstance()) {
                tokens += part.path("type").asText().equals("image_url") ? 85 : O200K.countTokens(part.path("text").asText());
            }
            for (JsonNode call : message.path("tool_calls")) {
                tokens += O200K.countTokens(call.path("function").path("name").asText() + call.path("function").path("arguments").asText());
            }
        }
        if (body.has("tools")) {
            tokens += O200K.countTokens(body.path("tools").toString());
        }
        return tokens;
    }
}
