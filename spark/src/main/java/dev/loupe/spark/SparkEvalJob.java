package dev.loupe.spark;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.loupe.core.Failures;
import dev.loupe.Loupe;
import dev.loupe.core.LoupeException;
import dev.loupe.checkpoint.StoreLocation;
import dev.loupe.eval.ResultsWriter;
import dev.loupe.eval.manifest.ManifestItem;
import dev.loupe.eval.metrics.EvalMetrics;
import dev.loupe.eval.report.RunReport;
import dev.loupe.eval.run.EvalLoupe;
import dev.loupe.eval.run.RunFingerprint;
import dev.loupe.eval.run.RunListener;
import dev.loupe.eval.run.RunPlan;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import scala.reflect.ClassTag$;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The driver's work once a run is planned: check the store suits the cluster, record the run's
 * fingerprint, send the items still to do to the executors in small partitions, append their result
 * lines as tasks finish, and write {@code metrics.json} and {@code report.html} from the results, as
 * {@code loupe eval} does.
 */
public final class SparkEvalJob {

    /** Items per task unless {@code --partitions} says otherwise: small tasks stream results and balance load. */
    static final int ITEMS_PER_TASK = 8;

    /** Results are forced to disk every this many lines, as {@code loupe eval} does. */
    private static final int SYNC_EVERY = 8;

    private final JavaSparkContext spark;

    public SparkEvalJob(JavaSparkContext spark) {
        this.spark = spark;
    }

    /**
     * Runs the items {@code plan} has still to do and writes the run's metrics and report.
     *
     * @param partitions the number of tasks, or null for one per {@value #ITEMS_PER_TASK} items
     *                   (at least one per core of the cluster)
     * @throws LoupeException BAD_INPUT for a store executors cannot share; UNAVAILABLE when the Spark
     *                        job fails (a task failed as often as Spark allows): resume to finish it
     */
    public EvalMetrics run(RunPlan plan, ManifestSource source, StoreLocation store, Integer partitions,
                           RunListener listener) {
        if (!spark.isLocal() && !(store instanceof StoreLocation.Postgres)) {
            throw LoupeException.badInput("a cluster needs a thread store every executor can reach: "
                    + "--store jdbc:postgresql://host/db (not " + EvalLoupe.storeValue(store) + ")");
        }
        JobSettings settings = JobSettings.of(plan.settings(), store);
        List<JobItem> items = new ArrayList<>();
        for (ManifestItem item : plan.todo()) {
            items.add(JobItem.of(item, source.location(item), plan.threadId(item.index())));
        }
        int tasks = tasks(items.size(), partitions);
        plan.note("spark", JsonNodeFactory.instance.objectNode().put("master", spark.master())
                .put("application_id", spark.sc().applicationId()).put("tasks", tasks)
                .put("default_parallelism", spark.defaultParallelism()));
        source.remote().ifPresent(uri -> plan.note("manifest_source",
                JsonNodeFactory.instance.textNode(uri.toString())));
        // The driver builds Loupe once before any executor does: it checks the graph and models, and
        // creates the store's tables, which executors starting together would otherwise race to do.
        try (Loupe loupe = EvalLoupe.builder(plan.settings()).store(store).build()) {
            plan.begin(RunFingerprint.of(loupe, Path.of(""), plan.settings().graph()), EvalLoupe.storeValue(store),
                    spark.defaultParallelism(), 0);
        }
        ResultCollector collector;
        try (ResultsWriter writer = ResultsWriter.append(plan.folder().results(), SYNC_EVERY)) {
            collector = new ResultCollector(writer, plan.recovery().done(), listener);
            listener.started(plan.manifest().items().size(), plan.manifest().items().size() - items.size());
            try {
                if (!items.isEmpty()) {
                    JavaRDD<JobItem> rdd = spark.parallelize(items, tasks);
                    spark.sc().runJob(rdd.rdd(), new PartitionAnalysis(settings), collector,
                            ClassTag$.MODULE$.apply(PartitionResult.class));
                }
            } catch (RuntimeException e) {
                plan.note("executors", collector.executors());
                plan.end(collector.written());
                throw failed(e);
            } finally {
                listener.ended();
                if (spark.isLocal()) {
                    ExecutorLoupe.closeAll();
                }
            }
        }
        plan.note("executors", collector.executors());
        plan.note("duplicate_lines_dropped", JsonNodeFactory.instance.numberNode(collector.duplicates()));
        plan.end(collector.written());
        return RunReport.write(plan.folder());
    }

    private int tasks(int items, Integer partitions) {
        if (partitions != null) {
            if (partitions < 1) {
                throw LoupeException.badInput("--partitions must be at least 1, not " + partitions);
            }
            return partitions;
        }
        int wanted = Math.max(spark.defaultParallelism(), (items + ITEMS_PER_TASK - 1) / ITEMS_PER_TASK);
        return Math.max(1, Math.min(items, wanted));
    }

    private static LoupeException failed(RuntimeException e) {
        LoupeException loupe = Failures.unwrap(e);
        if (loupe.kind() != LoupeException.Kind.INTERNAL) {
            return loupe;
        }
        String reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst().orElse("");
        return LoupeException.unavailable("the Spark job stopped (" + reason + "); the items with a result are kept: "
                + "run again with --resume to finish the others", e);
    }
}
