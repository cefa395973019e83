/**
 * Loupe's evaluation as an Apache Spark job ({@code spark-submit target/loupe-spark.jar MANIFEST …}).
 * The driver plans the run exactly as {@code loupe eval} does (run folder, {@code run.json}, resume),
 * hands the items to executors in small partitions, and writes each partition's result lines as it
 * arrives; every executor JVM compiles the graph once ({@link dev.loupe.spark.ExecutorLoupe}) and
 * analyses with the local runner's own code, so both runners write the same lines, metrics and
 * report. The thread store is the source of truth across retries: a finished thread is read back,
 * never analysed again, and {@link dev.loupe.spark.ItemLocks} keeps two attempts of one task
 * (a retry and a speculative copy) from analysing the same item at once. Spark itself is provided by
 * the cluster and never shaded.
 */
package dev.loupe.spark;
