package dev.loupe.tool.forensic.policy;

import dev.loupe.tool.forensic.policy.PolicyWeights;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.loupe.tool.Finding;
import dev.loupe.tool.ModelViewReader;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The forensic policy's second tool turn. When the first turn leaves P(fake) between the thresholds
 * and a pixel tool pointed at a region (the thumbnail's mismatch or tone shift, the noise's smoothed then odd region,
 * ELA's solid outlier region, in that order of trust), the policy asks the compression-history tools about that
 * region against the rest of the image before it concludes: a region pasted in usually carries
 * another compression history, which the whole-image tests can miss when it is small.
 */
final class SecondLook {

    /** The tools asked again, with the region as their argument. */
    static final List<String> TOOLS = List.of("jpeg_ghost", "adq", "same_quantization");

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The id prefix of the second look's calls: one second look per conversation. */
    private static final String LOOK = "offline_look_";

    /** Where a region may come from: the tool and the finding that flags it. */
    private record Source(String tool, String finding) {
    }

    private static final List<Source> SOURCES = List.of(
            new Source("thumbnail", "thumbnail_mismatch"),
            new Source("thumbnail", "thumbnail_tone_shift"),
            new Source("noise", "noise_smoothed_region"),
            new Source("noise", "noise_inconsistent_region"),
            new Source("ela", "ela_localized_anomaly"));

    /**
     * A box as the findings state it ("240x176 px at (400,296)", "128x96 at (513, 289)"). The finding's
     * sentence is read rather than its data: the model's view keeps every finding whole but shows only
     * the data fields a tool names, and the policy reads what the model reads.
     */
    private static final Pattern BOX = Pattern.compile("(\\d+)x(\\d+)(?: px)? at \\((\\d+), ?(\\d+)\\)");

    private SecondLook() {
    }

    /**
     * The second turn's message, when one is due: no second look yet, P(fake) undecided, a
     * region flagged, and at least one of {@link #TOOLS} offered.
     */
    static Optional<AiMessage> plan(List<ChatMessage> messages, List<ToolSpecification> offered, double pFake,
                                    PolicyWeights weights) {
        boolean lookedAgain = messages.stream().anyMatch(m -> m instanceof AiMessage ai && ai.hasToolExecutionRequests()
                && ai.toolExecutionRequests().stream().anyMatch(call -> call.id() != null && call.id().startsWith(LOOK)));
        if (lookedAgain || pFake <= weights.realThreshold() || pFake >= weights.fakeThreshold()) {
            return Optional.empty();
        }
        List<String> tools = offered.stream().map(ToolSpecification::name).filter(TOOLS::contains).toList();
        if (tools.isEmpty()) {
            return Optional.empty();
        }
        for (Source source : SOURCES) {
            Optional<int[]> box = flaggedBox(messages, source);
            if (box.isPresent()) {
                return Optional.of(ask(tools, source, box.get(), pFake));
            }
        }
        return Optional.empty();
    }

    /** The box (x, y, width, height) the source's first flagging finding states. */
    private static Optional<int[]> flaggedBox(List<ChatMessage> messages, Source source) {
        for (ChatMessage message : messages) {
            if (message instanceof ToolExecutionResultMessage result && source.tool().equals(result.toolName())) {
                for (Finding finding : ModelViewReader.read(result.text()).findings()) {
                    Matcher box = BOX.matcher(finding.detail());
                    if (source.finding().equals(finding.code()) && box.find()) {
                        return Optional.of(new int[] {Integer.parseInt(box.group(3)), Integer.parseInt(box.group(4)),
                                Integer.parseInt(box.group(1)), Integer.parseInt(box.group(2))});
                    }
                }
            }
        }
        return Optional.empty();
    }

    private static AiMessage ask(List<String> tools, Source source, int[] box, double pFake) {
        ObjectNode region = JSON.createObjectNode().put("x", box[0]).put("y", box[1]).put("width", box[2]).put("height", box[3]);
        ObjectNode arguments = JSON.createObjectNode();
        arguments.set("region", region);
        List<ToolExecutionRequest> calls = new ArrayList<>();
        for (String tool : tools) {
            calls.add(ToolExecutionRequest.builder().id(LOOK + (calls.size() + 1)).name(tool)
                    .arguments(arguments.toString()).build());
        }
        return AiMessage.from(String.format(Locale.ROOT,
                "P(fake) = %.3f is undecided. %s pointed at %dx%d px at (%d,%d) (%s); I will test that region's compression "
                        + "history against the rest of the image before concluding.", pFake, source.tool(),
                region.get("width").asInt(), region.get("height").asInt(), region.get("x").asInt(), region.get("y").asInt(),
                source.finding()), calls);
    }
}
