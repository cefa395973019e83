package dev.loupe.tool.composition.policy;

import dev.loupe.model.offline.OfflinePolicy;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.loupe.tool.ModelViewReader;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.request.ChatRequest;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The offline composition critic, in three turns. First: {@code composition_measures}. Second:
 * {@code composition_search} once per weak principle (at most {@value #MAX_SEARCHES}, the weakest
 * first), with the query that principle's measure suggests, plus the photographer's own question
 * when there is one. Last: a critique in which every suggestion cites the measure it rests on and
 * the best passage retrieved for it ({@link CompositionCritique}).
 *
 * <p>Configuration ({@code policy:} in the graph file): {@code kind: composition}, optional
 * {@code collection} (the knowledge base searched; the bundled guide by default) and {@code k}.
 */
final class CompositionPolicy implements OfflinePolicy {

    static final String MEASURES = "composition_measures";
    static final String SEARCH = "composition_search";
    static final int MAX_SEARCHES = 3;
    static final int WEAK = 6;
    /** The line of the task prompt that carries the photographer's question. */
    static final String QUESTION_LINE = "Question from the photographer:";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final String collection;
    private final int k;

    private CompositionPolicy(String collection, int k) {
        this.collection = collection;
        this.k = k;
    }

    static CompositionPolicy fromConfig(Map<String, Object> config) {
        Object collection = config.get("collection");
        int k = config.get("k") instanceof Number n ? n.intValue() : 3;
        return new CompositionPolicy(collection == null ? null : String.valueOf(collection), k);
    }

    @Override
    public AiMessage nextTurn(ChatRequest request) {
        List<String> tools = (request.toolSpecifications() == null ? List.<ToolSpecification>of() : request.toolSpecifications())
                .stream().map(ToolSpecification::name).toList();
        Conversation seen = Conversation.read(request.messages());
        if (!seen.asked(MEASURES) && tools.contains(MEASURES)) {
            return AiMessage.from("First I measure the composition.",
                    List.of(ToolExecutionRequest.builder().id("offline_measures").name(MEASURES).arguments("{}").build()));
        }
        List<Principle> principles = seen.measures() == null ? List.of() : PrincipleScores.of(seen.measures());
        if (!seen.asked(SEARCH) && tools.contains(SEARCH)) {
            List<ToolExecutionRequest> calls = new ArrayList<>();
            for (String query : queries(principles, seen.question())) {
                calls.add(ToolExecutionRequest.builder().id("offline_search_" + (calls.size() + 1)).name(SEARCH)
                        .arguments(arguments(query)).build());
            }
            if (!calls.isEmpty()) {
                return AiMessage.from("Now I look up what the guide says about the weakest points.", calls);
            }
        }
        return AiMessage.from(new CompositionCritique(principles, seen.searches(), seen.question(), seen.problems(),
                seen.measures()).text());
    }

    /** The photographer's question first, then the weak principles' queries, weakest first. */
    static List<String> queries(List<Principle> principles, String question) {
        List<String> queries = new ArrayList<>();
        if (question != null) {
            queries.add(question);
        }
        weakest(principles).forEach(p -> queries.add(p.query()));
        return queries;
    }

    /** The principles scoring {@value #WEAK} or less, weakest first, at most {@value #MAX_SEARCHES}; else the weakest one. */
    static List<Principle> weakest(List<Principle> principles) {
        List<Principle> sorted = principles.stream().sorted(Comparator.comparingInt(Principle::score)).toList();
        List<Principle> weak = sorted.stream().filter(p -> p.score() <= WEAK && !p.advice().isEmpty()).limit(MAX_SEARCHES).toList();
        return weak.isEmpty() && !sorted.isEmpty() ? List.of(sorted.get(0)) : weak;
    }

    private String arguments(String query) {
        ObjectNode arguments = JSON.createObjectNode().put("query", query).put("k", k);
        if (collection != null) {
            arguments.put("collection", collection);
        }
        return arguments.toString();
    }

    /** What the conversation so far holds: which tools were asked for, their results, the question. */
    record Conversation(List<String> askedTools, JsonNode measures, Map<String, List<RetrievedPassage>> searches,
                        String question, List<String> problems) {

        boolean asked(String tool) {
            return askedTools.contains(tool);
        }

        static Conversation read(List<ChatMessage> messages) {
            List<String> asked = new ArrayList<>();
            Map<String, String> queries = new LinkedHashMap<>();
            JsonNode measures = null;
            Map<String, List<RetrievedPassage>> searches = new LinkedHashMap<>();
            List<String> problems = new ArrayList<>();
            String question = null;
            for (ChatMessage message : messages) {
                if (message instanceof UserMessage user && user.hasSingleText()) {
                    question = question != null ? question : question(user.singleText());
                } else if (message instanceof UserMessage user) {
                    for (var content : user.contents()) {
                        if (content instanceof dev.langchain4j.data.message.TextContent text && question == null) {
                            question = question(text.text());
                        }
                    }
                } else if (message instanceof AiMessage ai && ai.hasToolExecutionRequests()) {
                    for (ToolExecutionRequest call : ai.toolExecutionRequests()) {
                        asked.add(call.name());
                        queries.put(call.id(), parse(call.arguments()).path("query").asText(""));
                    }
                } else if (message instanceof ToolExecutionResultMessage result) {
                    JsonNode json = ModelViewReader.read(result.text()).toJson();
                    String status = json.path("status").asText("unreadable");
                    if (!status.equals("ok")) {
                        problems.add(result.toolName() + " " + status + ": " + json.path("error").asText(""));
                    } else if (result.toolName().equals(MEASURES)) {
                        measures = json.path("data");
                    } else if (result.toolName().equals(SEARCH)) {
                        List<RetrievedPassage> found = new ArrayList<>();
                        for (JsonNode finding : json.path("findings")) {
                            RetrievedPassage.parse(finding.path("detail").asText()).ifPresent(found::add);
                        }
                        searches.put(queries.getOrDefault(result.id(), ""), found);
                    }
                }
            }
            return new Conversation(asked, measures, searches, question, problems);
        }

        private static String question(String text) {
            for (String line : text.split("\\R")) {
                if (line.startsWith(QUESTION_LINE) && !line.substring(QUESTION_LINE.length()).isBlank()) {
                    return line.substring(QUESTION_LINE.length()).strip();
                }
            }
            return null;
        }

        private static JsonNode parse(String text) {
            try {
                return JSON.readTree(text);
            } catch (Exception e) {
                return JSON.createObjectNode();
            }
        }
    }
}
