package dev.loupe.spark;

import dev.loupe.eval.run.EvalRunner;
import dev.loupe.eval.run.LoupeItemAnalysis;
import dev.loupe.eval.run.RateLimit;
import org.apache.spark.SparkEnv;
import org.apache.spark.TaskContext;
import scala.collection.Iterator;
import scala.runtime.AbstractFunction2;

import java.io.Serializable;
import java.nio.file.Path;
import java.util.ArrayList;

/**
 * The task: analyses a partition's items on this executor's shared Loupe, one after another, with the
 * local runner's own per-item code ({@link EvalRunner#analyse}), so that a line written here is the
 * line {@code loupe eval} would write. Each item is locked first; an item whose thread is already
 * finished in the store is read back, one left half-done by a dead attempt is resumed from its last
 * checkpoint ({@link LoupeItemAnalysis}).
 */
final class PartitionAnalysis extends AbstractFunction2<TaskContext, Iterator<JobItem>, PartitionResult>
        implements Serializable {

    private final JobSettings settings;

    PartitionAnalysis(JobSettings settings) {
        this.settings = settings;
    }

    @Override
    public PartitionResult apply(TaskContext context, Iterator<JobItem> items) {
        LoupeItemAnalysis analysis = new LoupeItemAnalysis(ExecutorLoupe.get(settings));
        ArrayList<String> lines = new ArrayList<>();
        try (ItemLocks locks = ItemLocks.open(settings); ImageFiles images = new ImageFiles()) {
            while (items.hasNext()) {
                JobItem item = items.next();
                try (ItemLocks.Lock lock = locks.lock(item.threadId())) {
                    lines.add(runner(analysis, images, item).analyse(item.toManifestItem(images.shownPath(item)),
                            item.threadId()).toLine());
                }
            }
        }
        return new PartitionResult(SparkEnv.get().executorId(), ProcessHandle.current().pid(), ExecutorLoupe.built(),
                lines);
    }

    /**
     * A runner for one item whose analysis first brings the image to this disk, so that an image that
     * cannot be fetched is the item's error, as a missing file is for {@code loupe eval}.
     */
    private EvalRunner runner(LoupeItemAnalysis analysis, ImageFiles images, JobItem item) {
        return new EvalRunner((manifestItem, threadId) -> {
            Path file = images.local(item);
            try {
                return analysis.analyze(item.toManifestItem(file), threadId);
            } finally {
                images.release(item, file);
            }
        }, 1, RateLimit.NONE, settings.pricing());
    }
}
