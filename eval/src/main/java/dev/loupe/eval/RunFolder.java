package dev.loupe.eval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.core.LoupeException;
import dev.loupe.core.SafeName;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.UUID;

/**
 * The folder of one evaluation run: {@code results.jsonl} (one line per item), {@code run.json}
 * (configuration, fingerprint, start and end), {@code metrics.json} and {@code report.html}. The run
 * id, which prefixes every item's thread id, is recorded in {@code run.json}: it is unique per run,
 * so a run never meets the threads of another one, whatever its folder is called.
 */
public record RunFolder(Path dir) {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")
            .withZone(ZoneOffset.UTC);

    public RunFolder {
        dir = dir.toAbsolutePath().normalize();
    }

    /** A new folder under {@code base}, named {@code <UTC timestamp>-<graph>} (a graph file's path as one name). */
    public static RunFolder fresh(Path base, Instant now, String graph) {
        return new RunFolder(SafeName.inside(base, STAMP.format(now) + "-" + SafeName.from(graph, 80, "graph")));
    }

    /**
     * A new run id for this folder: its name and a random part, so no two runs share one. Item thread
     * ids start with it, so it is a name by {@link SafeName}'s rule whatever the folder is called.
     */
    public String newRunId() {
        return SafeName.from(dir.getFileName().toString(), 80, "run") + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    /** The run id {@code run.json} records (the folder's name for runs from before ids were recorded). */
    public String runId() {
        String name = dir.getFileName().toString();
        return holdsRun() ? readRun().path("run_id").asText(name) : name;
    }

    public Path results() {
        return dir.resolve("results.jsonl");
    }

    public Path runFile() {
        return dir.resolve("run.json");
    }

    public Path metricsFile() {
        return dir.resolve("metrics.json");
    }

    public Path reportFile() {
        return dir.resolve("report.html");
    }

    /** True when the folder holds a run (its {@code run.json}). */
    public boolean holdsRun() {
        return Files.isRegularFile(runFile());
    }

    public ObjectNode readRun() {
        try {
            JsonNode node = JSON.readTree(runFile().toFile());
            if (node == null || !node.isObject()) {
                throw LoupeException.badInput(runFile() + ": not a run description (a JSON object)");
            }
            return (ObjectNode) node;
        } catch (IOException e) {
            throw LoupeException.badInput(runFile() + ": cannot read the run description (" + e.getMessage() + ")");
        }
    }

    public void writeRun(ObjectNode run) {
        writeAtomically(runFile(), run.toPrettyString());
    }

    public void createDirectories() {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw LoupeException.badInput(dir + ": cannot create the run folder (" + dev.loupe.core.Causes.of(e) + ")");
        }
    }

    /** Writes through a temporary file and a rename, so that a crash leaves the old file or the new one. */
    public static void writeAtomically(Path file, String text) {
        Path temp = file.resolveSibling(file.getFileName() + ".tmp");
        try {
            Files.writeString(temp, text, StandardCharsets.UTF_8);
            try {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw LoupeException.unavailable(file + ": cannot write (" + e.getMessage() + ")", e);
        }
    }
}
