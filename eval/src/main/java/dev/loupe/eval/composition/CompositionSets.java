package dev.loupe.eval.composition;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.core.LoupeException;
import dev.loupe.eval.manifest.CsvFile;

import javax.imageio.ImageIO;
import java.awt.Color;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * Writes the two composition sets as manifests {@code loupe eval} runs through the composition
 * graph, scored on the graph's nested output fields:
 * <ul>
 *   <li>{@code measures.csv} over the drawn pictures of {@link CompositionImages} (in {@code images/}):
 *       {@code measures.horizon.tilt_deg~1} (the drawn angle, right within ±1°),
 *       {@code measures.subject.placement} ({@code thirds} or {@code centre}) and
 *       {@code measures.balance.verdict} ({@code balanced} or {@code unbalanced}), each filled only
 *       for the pictures it applies to;</li>
 *   <li>{@code questions.csv}: every question of {@code retrieval.jsonl} asked as the photographer's
 *       question ({@code prompt}) about one picture, expecting one of its passages among
 *       {@code answer_passages.*.position} (recall@1, recall@3 and MRR over the three passages found).</li>
 * </ul>
 *
 * <pre>java -cp target/loupe.jar dev.loupe.eval.composition.CompositionSets [FOLDER] [QUESTIONS]
 * java -jar target/loupe.jar eval FOLDER/measures.csv --graph composition
 * java -jar target/loupe.jar eval FOLDER/questions.csv --graph composition</pre>
 *
 * FOLDER defaults to {@code evaluation/composition/generated}, QUESTIONS to {@code evaluation/composition/retrieval.jsonl}.
 */
public final class CompositionSets {

    static final String TILT = "measures.horizon.tilt_deg~1";
    static final String PLACEMENT = "measures.subject.placement";
    static final String BALANCE = "measures.balance.verdict";
    static final String PASSAGES = "answer_passages.*.position";
    private static final String QUESTION_IMAGE = "images/question.png";
    private static final ObjectMapper JSON = new ObjectMapper();

    private CompositionSets() {
    }

    public static void main(String[] args) throws IOException {
        Path folder = Path.of(args.length > 0 ? args[0] : "evaluation/composition/generated");
        Path questions = Path.of(args.length > 1 ? args[1] : "evaluation/composition/retrieval.jsonl");
        try {
            Path measures = writeMeasures(folder);
            Path asked = writeQuestions(folder, questions);
            System.out.println("wrote " + measures + " and " + asked);
        } catch (LoupeException e) {
            System.err.println("loupe: " + e.getMessage());
            System.exit(e.kind().exitCode());
        }
    }

    /** The drawn pictures and {@code measures.csv}; the manifest's path. */
    public static Path writeMeasures(Path folder) throws IOException {
        return writeMeasures(folder, file -> true);
    }

    /** As {@link #writeMeasures(Path)}, for the pictures whose file names {@code wanted} accepts. */
    public static Path writeMeasures(Path folder, Predicate<String> wanted) throws IOException {
        List<CompositionImages.Item> items = CompositionImages.write(folder.resolve("images"), wanted);
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("path", "id", "kind", TILT, PLACEMENT, BALANCE));
        for (CompositionImages.Item item : items) {
            rows.add(List.of("images/" + item.file(), item.file().replace(".png", ""), item.kind(),
                    item.tiltDegrees() == null ? "" : String.format(Locale.ROOT, "%s", item.tiltDegrees()),
                    item.placement() == null ? "" : item.placement(), item.balance() == null ? "" : item.balance()));
        }
        Path manifest = folder.resolve("measures.csv");
        CsvFile.write(manifest, rows);
        return manifest;
    }

    /** One picture and {@code questions.csv}, a line per question of {@code questions}; the manifest's path. */
    public static Path writeQuestions(Path folder, Path questions) throws IOException {
        if (!Files.isRegularFile(questions)) {
            throw LoupeException.badInput(questions + ": no such question set (JSON Lines of {\"question\", \"expected\"})");
        }
        Files.createDirectories(folder.resolve("images"));
        ImageIO.write(CompositionImages.subject(1 / 3.0, 2 / 3.0, new Color(200, 40, 30), 7), "png",
                folder.resolve(QUESTION_IMAGE).toFile());
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("path", "id", "prompt", PASSAGES));
        int n = 0;
        for (String line : Files.readAllLines(questions, StandardCharsets.UTF_8)) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode question = JSON.readTree(line);
            List<String> expected = new ArrayList<>();
            question.path("expected").forEach(passage -> expected.add(passage.asText()));
            rows.add(List.of(QUESTION_IMAGE, String.format(Locale.ROOT, "q%02d", ++n),
                    question.path("question").asText(), String.join("|", expected)));
        }
        Path manifest = folder.resolve("questions.csv");
        CsvFile.write(manifest, rows);
        return manifest;
    }
}
