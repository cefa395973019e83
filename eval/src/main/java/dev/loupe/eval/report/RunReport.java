package dev.loupe.eval.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.eval.ResultsReader;
import dev.loupe.eval.RunFolder;
import dev.loupe.eval.metrics.EvalMetrics;
import dev.loupe.eval.metrics.MetricsAccumulator;
import dev.loupe.eval.metrics.MetricsJson;

import java.util.Collection;
import java.util.function.Predicate;

/** Streams a run's results once into metrics, and writes {@code metrics.json} and {@code report.html}. */
public final class RunReport {

    private RunReport() {
    }

    /** Computes the metrics of the results in {@code folder} by streaming them. */
    public static EvalMetrics metrics(RunFolder folder) {
        return metrics(folder, codes -> false);
    }

    /**
     * The same, knowing which finding codes say the camera's encoding survives (the graph's
     * {@code history.camera_original}), for the content bars.
     */
    public static EvalMetrics metrics(RunFolder folder, Predicate<Collection<String>> cameraEvidence) {
        MetricsAccumulator accumulator = new MetricsAccumulator(cameraEvidence);
        if (java.nio.file.Files.exists(folder.results())) {
            ResultsReader.forEach(folder.results(), accumulator::add);
        }
        return accumulator.result();
    }

    /** Writes {@code metrics.json} and {@code report.html} into the folder and returns the metrics. */
    public static EvalMetrics write(RunFolder folder) {
        return write(folder, codes -> false);
    }

    /** The same, knowing which finding codes say the camera's encoding survives ({@link #metrics(RunFolder, Predicate)}). */
    public static EvalMetrics write(RunFolder folder, Predicate<Collection<String>> cameraEvidence) {
        EvalMetrics metrics = metrics(folder, cameraEvidence);
        ObjectNode run = folder.readRun();
        RunFolder.writeAtomically(folder.metricsFile(), MetricsJson.of(metrics).toPrettyString());
        RunFolder.writeAtomically(folder.reportFile(), ReportPage.html(metrics, run));
        return metrics;
    }
}
