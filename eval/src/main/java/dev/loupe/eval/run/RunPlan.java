package dev.loupe.eval.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.core.LoupeException;
import dev.loupe.eval.ResultsReader;
import dev.loupe.eval.RunFolder;
import dev.loupe.eval.manifest.Manifest;
import dev.loupe.eval.manifest.ManifestItem;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A run made ready: its folder, settings, manifest and the items still to do. A fresh run gets a new
 * folder and {@code run.json}; a resumed one reads them back, cuts a torn last result line, and
 * leaves out the items already done, so that every item ends with exactly one result line.
 */
public final class RunPlan {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final RunFolder folder;
    private final String runId;
    private final RunSettings settings;
    private final Manifest manifest;
    private final List<ManifestItem> todo;
    private final ResultsReader.Recovery recovery;
    private final ObjectNode run;
    private final Clock clock;

    private RunPlan(RunFolder folder, RunSettings settings, Manifest manifest, ResultsReader.Recovery recovery,
                    ObjectNode run, Clock clock) {
        this.folder = folder;
        this.runId = run.path("run_id").asText(folder.dir().getFileName().toString());
        this.settings = settings;
        this.manifest = manifest;
        this.recovery = recovery;
        this.run = run;
        this.clock = clock;
        List<ManifestItem> remaining = new ArrayList<>();
        for (ManifestItem item : manifest.items()) {
            if (!recovery.done().get(item.index())) {
                remaining.add(item);
            }
        }
        this.todo = List.copyOf(remaining);
    }

    /**
     * A new run of {@code settings} in {@code out}, or under {@code runsBase} when {@code out} is null.
     *
     * @throws LoupeException BAD_INPUT when {@code out} already holds results (resume it or choose another)
     */
    public static RunPlan fresh(RunSettings settings, Path out, Path runsBase, Clock clock) {
        RunFolder folder = out != null ? new RunFolder(out) : RunFolder.fresh(runsBase, clock.instant(), settings.graph());
        if (folder.holdsRun() || nonEmpty(folder.results())) {
            throw LoupeException.badInput(folder.dir() + " already holds a run: add --resume to finish it, "
                    + "or choose another --out");
        }
        Manifest manifest = Manifest.load(settings.manifest()).limit(settings.limit());
        RunSettings fixed = new RunSettings(settings.graph(), settings.model(), manifest.file(), manifest.sha256(),
                settings.limit(), settings.pricing());
        folder.createDirectories();
        ObjectNode run = JSON.createObjectNode();
        run.put("run_id", folder.newRunId());
        fixed.writeTo(run);
        run.put("items", manifest.items().size());
        run.put("started", clock.instant().toString());
        run.putNull("ended");
        run.put("complete", false);
        run.putArray("sessions");
        return new RunPlan(folder, fixed, manifest, ResultsReader.recover(folder.results()), run, clock);
    }

    /**
     * The run in {@code dir}, to be finished.
     *
     * @throws LoupeException BAD_INPUT when the folder holds no run, or the manifest changed since it started
     */
    public static RunPlan resume(Path dir, Clock clock) {
        RunFolder folder = new RunFolder(dir);
        if (!folder.holdsRun()) {
            throw LoupeException.badInput(folder.dir() + " holds no run to resume (no run.json)");
        }
        ObjectNode run = folder.readRun();
        String runId = run.path("run_id").asText(folder.dir().getFileName().toString());
        RunSettings settings = RunSettings.readFrom(run, folder.runFile());
        Manifest manifest = Manifest.load(settings.manifest()).limit(settings.limit());
        if (settings.manifestSha256() != null && !settings.manifestSha256().equals(manifest.sha256())) {
            throw LoupeException.badInput(settings.manifest() + " changed since run " + runId
                    + " started; resuming would mix two sets. Start a new run.");
        }
        return new RunPlan(folder, settings, manifest, ResultsReader.recover(folder.results()), run, clock);
    }

    public RunFolder folder() {
        return folder;
    }

    /** The run's id, unique per run and kept in {@code run.json}. */
    public String runId() {
        return runId;
    }

    /** The thread id of the item at {@code index}: the same on every resume of this run, so a killed item can be found. */
    public String threadId(int index) {
        return runId + "-" + index;
    }

    public RunSettings settings() {
        return settings;
    }

    public Manifest manifest() {
        return manifest;
    }

    public List<ManifestItem> todo() {
        return todo;
    }

    /** The thread store an earlier session used, as a {@code --store} value, if this run had one. */
    public Optional<String> earlierStore() {
        return run.path("store").isTextual() ? Optional.of(run.get("store").asText()) : Optional.empty();
    }

    public ResultsReader.Recovery recovery() {
        return recovery;
    }

    /** Adds a field to {@code run.json} (written at {@link #begin}), such as where a restructured run came from. */
    public void note(String field, JsonNode value) {
        run.set(field, value);
    }

    /**
     * Records the fingerprint, the thread store (for {@code loupe threads show}) and this session's
     * start in {@code run.json}.
     *
     * @throws LoupeException BAD_INPUT when resuming with a graph, prompts, models or tools that differ
     *                        from those the run started with
     */
    public void begin(ObjectNode fingerprint, String store, int workers, double ratePerMinute) {
        if (run.has("fingerprint") && !run.get("fingerprint").equals(fingerprint)) {
            throw LoupeException.badInput("the graph, prompts, models or tools differ from those run "
                    + runId + " started with (see its run.json); resuming would mix two detectors");
        }
        run.set("fingerprint", fingerprint);
        run.put("store", store);
        run.put("java", Runtime.version().toString());
        run.put("cores", Runtime.getRuntime().availableProcessors());
        ArrayNode sessions = run.withArray("sessions");
        sessions.addObject().put("started", clock.instant().toString()).put("workers", workers)
                .put("rate_limit_per_minute", ratePerMinute).put("already_done", recovery.lines())
                .put("torn_bytes_dropped", recovery.droppedBytes()).put("to_run", todo.size());
        folder.writeRun(run);
    }

    /** Records this session's end, and the run's when every item has a result. */
    public void end(int written) {
        ArrayNode sessions = run.withArray("sessions");
        ObjectNode session = (ObjectNode) sessions.get(sessions.size() - 1);
        String now = clock.instant().toString();
        session.put("ended", now).put("items_run", written);
        boolean complete = written == todo.size();
        run.put("complete", complete);
        if (complete) {
            run.put("ended", now);
        }
        folder.writeRun(run);
    }

    private static boolean nonEmpty(Path file) {
        try {
            return Files.isRegularFile(file) && Files.size(file) > 0;
        } catch (IOException e) {
            return true;
        }
    }
}
