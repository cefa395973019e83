package dev.loupe.spark;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/** Reads a run folder's results and metrics with what differs between two runs of one set taken out. */
final class RunFiles {

    private static final ObjectMapper JSON = new ObjectMapper();

    private RunFiles() {
    }

    /** Each item's result line by index, without timings and thread id (both differ run to run). */
    static Map<Integer, JsonNode> comparableResults(Path run) throws IOException {
        Map<Integer, JsonNode> byIndex = new TreeMap<>();
        for (String line : Files.readAllLines(run.resolve("results.jsonl"))) {
            if (line.isBlank()) {
                continue;
            }
            ObjectNode result = (ObjectNode) JSON.readTree(line);
            int index = result.get("index").asInt();
            if (byIndex.containsKey(index)) {
                throw new AssertionError("item " + index + " has two lines in " + run);
            }
            result.remove("timings");
            result.remove("thread_id");
            removeSeconds(result.path("tools"));
            byIndex.put(index, result);
        }
        return byIndex;
    }

    /** Every line as written, by index. */
    static Map<Integer, String> lines(Path run) throws IOException {
        Map<Integer, String> byIndex = new TreeMap<>();
        for (String line : Files.readAllLines(run.resolve("results.jsonl"))) {
            if (!line.isBlank()) {
                byIndex.put(JSON.readTree(line).get("index").asInt(), line);
            }
        }
        return byIndex;
    }

    /** metrics.json without latencies, tool timings and the thread ids of the worst mistakes. */
    static JsonNode comparableMetrics(Path run) throws IOException {
        ObjectNode metrics = (ObjectNode) JSON.readTree(run.resolve("metrics.json").toFile());
        metrics.remove("latency_seconds");
        metrics.remove("latency");
        for (JsonNode tool : metrics.path("tools")) {
            ((ObjectNode) tool).remove("mean_seconds");
            ((ObjectNode) tool).remove("p95_seconds");
        }
        for (JsonNode mistake : metrics.path("worst_mistakes")) {
            ((ObjectNode) mistake).remove("thread_id");
        }
        return metrics;
    }

    static JsonNode runJson(Path run) throws IOException {
        return JSON.readTree(run.resolve("run.json").toFile());
    }

    private static void removeSeconds(JsonNode tools) {
        for (JsonNode tool : tools) {
            if (tool instanceof ObjectNode object) {
                object.remove("seconds");
            }
        }
    }
}
