package dev.loupe.tool.composition.policy;

import dev.loupe.tool.composition.policy.CompositionPolicy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The offline critic's written critique: each principle with its score and the measure behind it,
 * strengths and weaknesses, and suggestions each citing a measure and the passage retrieved for it;
 * ending in the JSON block the composition schema asks for.
 */
final class CompositionCritique {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final List<Principle> principles;
    private final Map<String, List<RetrievedPassage>> searches;
    private final String question;
    private final List<String> problems;
    private final JsonNode measures;

    CompositionCritique(List<Principle> principles, Map<String, List<RetrievedPassage>> searches, String question,
                        List<String> problems, JsonNode measures) {
        this.measures = measures;
        this.principles = principles;
        this.searches = searches;
        this.question = question;
        this.problems = problems;
    }

    String text() {
        ObjectNode block = block();
        StringBuilder text = new StringBuilder("Composition critique (offline critic: measured, not seen)\n\n");
        for (Principle p : principles) {
            text.append(String.format(Locale.ROOT, "- %s %d/10: %s [%s]%n", p.name(), p.score(), p.assessment(), p.measure()));
        }
        if (principles.isEmpty()) {
            text.append("- nothing could be measured\n");
        }
        for (var unjudged : block.withArray("not_judged")) {
            text.append("- not judged: ").append(unjudged.asText()).append('\n');
        }
        if (block.has("answer")) {
            text.append("\nOn your question: ").append(block.get("answer").asText()).append('\n');
        }
        text.append("\nSuggestions:\n");
        int n = 0;
        for (var suggestion : block.withArray("suggestions")) {
            text.append(++n).append(". ").append(suggestion.path("suggestion").asText()).append(" [")
                    .append(suggestion.path("measure").asText()).append("; ").append(suggestion.path("passage").asText("no passage"))
                    .append("]\n");
        }
        problems.forEach(problem -> text.append("\nNote: ").append(problem).append('\n'));
        text.append("\n```json\n").append(block.toPrettyString()).append("\n```\n");
        return text.toString();
    }

    private ObjectNode block() {
        ObjectNode block = JSON.createObjectNode();
        Double overall = principles.isEmpty() ? null
                : Math.round(10 * principles.stream().mapToInt(Principle::score).average().orElse(0)) / 10.0;
        block.put("summary", summary(overall));
        ArrayNode list = block.putArray("principles");
        principles.forEach(p -> list.addObject().put("principle", p.name()).put("score", p.score())
                .put("assessment", p.assessment()).put("measure", p.measure()));
        ArrayNode strengths = block.putArray("strengths");
        ArrayNode weaknesses = block.putArray("weaknesses");
        for (Principle p : principles) {
            if (p.score() >= 7) {
                strengths.add(p.name() + ": " + p.assessment());
            } else if (p.score() <= CompositionPolicy.WEAK) {
                weaknesses.add(p.name() + ": " + p.assessment());
            }
        }
        Map<String, RetrievedPassage> used = new LinkedHashMap<>();
        ArrayNode suggestions = block.putArray("suggestions");
        for (Principle p : CompositionPolicy.weakest(principles)) {
            RetrievedPassage passage = choose(searches.getOrDefault(p.query(), List.of()), used);
            ObjectNode suggestion = suggestions.addObject().put("principle", p.name())
                    .put("suggestion", advice(p) + (passage == null ? "" : " The guide: \"" + passage.firstSentence() + "\""))
                    .put("measure", p.measure());
            if (passage == null) {
                suggestion.putNull("passage");
            } else {
                suggestion.put("passage", passage.citation());
                used.putIfAbsent(passage.citation(), passage);
            }
        }
        if (question != null) {
            List<RetrievedPassage> answers = searches.getOrDefault(question, List.of());
            if (!answers.isEmpty()) {
                block.put("answer", answers.get(0).text() + " (" + answers.get(0).citation() + ")");
                used.putIfAbsent(answers.get(0).citation(), answers.get(0));
                ArrayNode found = block.putArray("answer_passages");
                answers.forEach(p -> found.addObject().put("source", p.source()).put("position", p.position()).put("score", p.score()));
            }
        }
        if (measures != null) {
            block.set("measures", headline(measures));
            ArrayNode unjudged = block.putArray("not_judged");
            PrincipleScores.notJudged(measures).forEach(unjudged::add);
        }
        if (overall == null) {
            block.putNull("overall_score");
        } else {
            block.put("overall_score", overall);
        }
        ArrayNode passages = block.putArray("passages_used");
        used.values().forEach(p -> passages.addObject().put("source", p.source()).put("position", p.position())
                .put("score", p.score()).put("excerpt", p.firstSentence()));
        return block;
    }

    /**
     * The measures a reader checks first, copied from {@code composition_measures}: the horizon's
     * tilt, where the subject sits, and the balance with the verdict the balance score rests on.
     */
    private static ObjectNode headline(JsonNode data) {
        ObjectNode out = JSON.createObjectNode();
        JsonNode horizon = data.path("horizon");
        ObjectNode h = out.putObject("horizon").put("found", horizon.path("found").asBoolean(false));
        if (horizon.path("tilt_deg").isNumber()) {
            h.put("tilt_deg", horizon.path("tilt_deg").asDouble());
        }
        JsonNode subject = data.path("subject");
        if (subject.path("placement").isTextual()) {
            out.putObject("subject").put("placement", subject.path("placement").asText());
        }
        JsonNode balance = data.path("balance");
        if (balance.path("left_right").isNumber()) {
            double leftRight = balance.path("left_right").asDouble();
            out.putObject("balance").put("left_right", leftRight).put("top_bottom", balance.path("top_bottom").asDouble())
                    .put("verdict", PrincipleScores.balanceVerdict(leftRight));
        }
        return out;
    }

    private static String advice(Principle p) {
        return p.advice().isEmpty() ? "The " + p.name() + " is the weakest point, though sound: " + p.assessment() : p.advice();
    }

    /** The best passage not yet cited by an earlier suggestion, else the best one. */
    private static RetrievedPassage choose(List<RetrievedPassage> found, Map<String, RetrievedPassage> used) {
        return found.stream().filter(p -> !used.containsKey(p.citation())).findFirst()
                .orElse(found.isEmpty() ? null : found.get(0));
    }

    private String summary(Double overall) {
        if (overall == null) {
            return "The composition could not be measured" + (problems.isEmpty() ? "." : ": " + String.join("; ", problems));
        }
        List<Principle> sorted = new ArrayList<>(principles);
        sorted.sort((a, b) -> Integer.compare(b.score(), a.score()));
        return String.format(Locale.ROOT, "Overall %.1f/10 across %d measured principles; strongest: %s (%d), weakest: %s (%d).",
                overall, principles.size(), sorted.get(0).name(), sorted.get(0).score(),
                sorted.get(sorted.size() - 1).name(), sorted.get(sorted.size() - 1).score());
    }
}
