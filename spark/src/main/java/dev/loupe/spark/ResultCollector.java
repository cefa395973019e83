package dev.loupe.spark;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.eval.ItemResult;
import dev.loupe.eval.ResultsWriter;
import dev.loupe.eval.run.RunListener;
import scala.runtime.AbstractFunction2;
import scala.runtime.BoxedUnit;

import java.util.BitSet;
import java.util.Map;
import java.util.TreeMap;

/**
 * The driver's end of the job: Spark hands it each partition's result lines as soon as that task
 * succeeds (one successful attempt per partition), and it appends them to {@code results.jsonl}.
 * An item that already has a line — from an earlier session, or from a line Spark somehow delivered
 * twice — is not written again, so the file holds exactly one line per item.
 */
final class ResultCollector extends AbstractFunction2<Object, PartitionResult, BoxedUnit> {

    private final ResultsWriter writer;
    private final BitSet done;
    private final RunListener listener;
    private final Map<String, long[]> executors = new TreeMap<>();
    private int written;
    private int duplicates;

    /** @param done the items that already have a line; this collector adds to it */
    ResultCollector(ResultsWriter writer, BitSet done, RunListener listener) {
        this.writer = writer;
        this.done = done;
        this.listener = listener;
    }

    @Override
    public synchronized BoxedUnit apply(Object partition, PartitionResult result) {
        long[] stats = executors.computeIfAbsent(result.executor(), e -> new long[3]);
        stats[0] += result.lines().size();
        stats[1] = result.pid();
        stats[2] = Math.max(stats[2], result.built());
        for (String line : result.lines()) {
            ItemResult item = ItemResult.parse(line);
            if (done.get(item.index())) {
                duplicates++;
                continue;
            }
            writer.write(item);
            done.set(item.index());
            written++;
            listener.finished(item);
        }
        return BoxedUnit.UNIT;
    }

    synchronized int written() {
        return written;
    }

    synchronized int duplicates() {
        return duplicates;
    }

    /** Per executor: the items it returned, its JVM's pid and how many graphs that JVM compiled. */
    synchronized ObjectNode executors() {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        executors.forEach((id, stats) -> node.putObject(id).put("items", stats[0]).put("pid", stats[1])
                .put("graph_compilations", stats[2]));
        return node;
    }
}
