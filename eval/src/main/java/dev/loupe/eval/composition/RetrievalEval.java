package dev.loupe.eval.composition;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.core.LoupeException;
import dev.loupe.kb.BundledGuide;
import dev.loupe.kb.FileKnowledgeStore;
import dev.loupe.kb.KnowledgeBase;
import dev.loupe.kb.Passage;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Retrieval quality on a question set: for each question, where the first expected passage (by
 * position) ranks among the {@value #DEPTH} best; recall@1, recall@3 and MRR over the set. The set
 * is JSON Lines, {@code {"question": "…", "expected": ["Horizon ¶1"]}}, written for the bundled
 * guide in {@code evaluation/composition/retrieval.jsonl}.
 *
 * <pre>java -cp target/loupe.jar dev.loupe.eval.composition.RetrievalEval [QUESTIONS.jsonl [COLLECTION]]</pre>
 */
public final class RetrievalEval {

    static final int DEPTH = 10;
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One question's outcome: the rank of its first expected passage (0 when not in the top {@value #DEPTH}). */
    public record Outcome(String question, List<String> expected, int rank, List<String> top3) {
    }

    /** The figures over the set. */
    public record Figures(int questions, double recallAt1, double recallAt3, double mrr, List<Outcome> misses) {
    }

    private RetrievalEval() {
    }

    public static void main(String[] args) throws IOException {
        Path questions = Path.of(args.length > 0 ? args[0] : "evaluation/composition/retrieval.jsonl");
        String collection = args.length > 1 ? args[1] : BundledGuide.COLLECTION;
        try (KnowledgeBase kb = new KnowledgeBase(FileKnowledgeStore.inMemory())) {
            print(run(kb, collection, questions), System.out);
        }
    }

    public static Figures run(KnowledgeBase kb, String collection, Path questions) throws IOException {
        if (!Files.isRegularFile(questions)) {
            throw LoupeException.badInput(questions + ": no such question set (JSON Lines of {\"question\", \"expected\"})");
        }
        List<Outcome> outcomes = new ArrayList<>();
        int line = 0;
        for (String text : Files.readAllLines(questions, StandardCharsets.UTF_8)) {
            line++;
            if (text.isBlank()) {
                continue;
            }
            JsonNode item = JSON.readTree(text);
            if (!item.path("question").isTextual() || !item.path("expected").isArray()) {
                throw LoupeException.badInput(questions + ":" + line + ": each line needs \"question\" and \"expected\" [positions]");
            }
            List<String> expected = new ArrayList<>();
            item.path("expected").forEach(e -> expected.add(e.asText()));
            List<Passage> found = kb.search(collection, item.path("question").asText(), DEPTH, null);
            int rank = 0;
            for (int i = 0; i < found.size() && rank == 0; i++) {
                if (expected.contains(found.get(i).position())) {
                    rank = i + 1;
                }
            }
            outcomes.add(new Outcome(item.path("question").asText(), expected, rank,
                    found.stream().limit(3).map(Passage::position).toList()));
        }
        int n = outcomes.size();
        double at1 = outcomes.stream().filter(o -> o.rank() == 1).count() / (double) n;
        double at3 = outcomes.stream().filter(o -> o.rank() >= 1 && o.rank() <= 3).count() / (double) n;
        double mrr = outcomes.stream().mapToDouble(o -> o.rank() == 0 ? 0 : 1.0 / o.rank()).sum() / n;
        return new Figures(n, at1, at3, mrr, outcomes.stream().filter(o -> o.rank() == 0 || o.rank() > 3).toList());
    }

    static void print(Figures f, PrintStream out) {
        out.printf(Locale.ROOT, "retrieval over %d questions: recall@1 %.3f, recall@3 %.3f, MRR@%d %.3f%n",
                f.questions(), f.recallAt1(), f.recallAt3(), DEPTH, f.mrr());
        for (Outcome miss : f.misses()) {
            out.printf(Locale.ROOT, "  miss (rank %s) %s → expected %s, got %s%n", miss.rank() == 0 ? ">" + DEPTH : miss.rank(),
                    miss.question(), miss.expected(), miss.top3());
        }
    }
}
