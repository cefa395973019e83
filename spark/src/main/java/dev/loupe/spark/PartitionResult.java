package dev.loupe.spark;

import java.io.Serializable;
import java.util.ArrayList;

/**
 * What one task sends back to the driver: its items' result lines, and which executor JVM wrote
 * them with how many graph compilations that JVM had made, for {@code run.json}.
 *
 * @param executor the Spark executor id ({@code driver} in local mode)
 * @param pid      the executor JVM's process id
 * @param built    Loupe instances (graph compilations) that JVM had built when the task ended
 */
public record PartitionResult(String executor, long pid, int built, ArrayList<String> lines) implements Serializable {
}
