package dev.loupe.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.core.SafeName;
import dev.loupe.eval.RunFolder;
import io.javalin.http.Context;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * {@code /v1/runs…}: the evaluation runs in the server's runs folder ({@code loupe eval} writes them
 * to {@code evaluation/runs/} by default; {@code serve --runs-dir} names another) — each run's
 * settings and headline metrics, and its HTML report. A run is named by its folder's name, which must
 * be a plain name directly under the runs folder.
 */
final class RunRoutes {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The headline figures of {@code metrics.json} the list shows; the report has the rest. */
    private static final List<String> HEADLINE = List.of("items", "scored", "accuracy", "answered_accuracy", "coverage",
            "exact_match", "macro_f1", "fake_slip_rate", "false_flag_rate", "errors");
    private static final int MAX_RUNS = 200;

    private final Optional<Path> runsDir;

    RunRoutes(Optional<Path> runsDir) {
        this.runsDir = runsDir;
    }

    /** {@code GET /v1/runs}: newest first (by folder name, which starts with the run's UTC time), at most 200. */
    void list(Context ctx) {
        ArrayNode runs = JSON.createArrayNode();
        folders().limit(MAX_RUNS).forEach(folder -> runs.add(summary(folder)));
        ObjectNode body = JSON.createObjectNode();
        body.put("runs_dir", runsDir.map(Path::toString).orElse(null));
        body.set("runs", runs);
        ctx.contentType("application/json").result(body.toString());
    }

    /** {@code GET /v1/runs/{name}/report}: the run's {@code report.html}. */
    void report(Context ctx) {
        RunFolder folder = require(ctx.pathParam("name"));
        if (!Files.isRegularFile(folder.reportFile())) {
            throw HttpProblem.notFound("run " + ctx.pathParam("name") + " has no report yet; write it with "
                    + "loupe eval --resume on the run's folder");
        }
        ctx.header("X-Content-Type-Options", "nosniff");
        // The report is the run's own page: no script runs in it, and nothing it names is loaded.
        ctx.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox");
        ctx.contentType("text/html; charset=utf-8").result(read(folder.reportFile()));
    }

    private Stream<RunFolder> folders() {
        if (runsDir.isEmpty() || !Files.isDirectory(runsDir.get())) {
            return Stream.empty();
        }
        try (Stream<Path> children = Files.list(runsDir.get())) {
            return children.map(RunFolder::new).filter(RunFolder::holdsRun)
                    .sorted(Comparator.comparing((RunFolder f) -> f.dir().getFileName().toString()).reversed())
                    .toList().stream();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the runs in " + runsDir.get(), e);
        }
    }

    private RunFolder require(String name) {
        SafeName.require("run name (its folder's name)", name);
        return runsDir.map(dir -> new RunFolder(SafeName.inside(dir, name))).filter(RunFolder::holdsRun)
                .orElseThrow(() -> HttpProblem.notFound("no run " + name + " in the runs folder"));
    }

    private static ObjectNode summary(RunFolder folder) {
        ObjectNode node = JSON.createObjectNode();
        node.put("name", folder.dir().getFileName().toString());
        try {
            ObjectNode run = folder.readRun();
            for (String key : List.of("run_id", "graph", "model", "items", "started", "ended", "complete")) {
                node.set(key, run.get(key));
            }
        } catch (RuntimeException e) {
            node.put("problem", e.getMessage());
        }
        ObjectNode metrics = node.putObject("metrics");
        if (Files.isRegularFile(folder.metricsFile())) {
            JsonNode all = readJson(folder.metricsFile());
            HEADLINE.stream().filter(all::has).forEach(key -> metrics.set(key, all.get(key)));
        }
        node.put("has_report", Files.isRegularFile(folder.reportFile()));
        return node;
    }

    private static JsonNode readJson(Path file) {
        try {
            return JSON.readTree(file.toFile());
        } catch (IOException e) {
            return JSON.createObjectNode().put("problem", file.getFileName() + " is not JSON: " + e.getMessage());
        }
    }

    private static byte[] read(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
