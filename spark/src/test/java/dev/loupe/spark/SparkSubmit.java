package dev.loupe.spark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code spark-submit} of Loupe's job jar, as Spark's own {@code SparkSubmit} class in its own JVM. */
final class SparkSubmit {

    private SparkSubmit() {
    }

    /** The job jar the build made ({@code spark/target/loupe-spark.jar}). */
    static Path jobJar() {
        Path jar = Path.of(System.getProperty("loupe.sparkJar", "spark/target/loupe-spark.jar")).toAbsolutePath();
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing: build it with mvn package (the spark-job profile)");
        }
        return jar;
    }

    /** Starts the job in client mode against {@code master}, with one core per executor. */
    static Process start(SparkRuntime runtime, String master, Path log, List<String> conf, String... jobArgs)
            throws IOException {
        List<String> args = new ArrayList<>(List.of("--master", master, "--deploy-mode", "client",
                "--class", "dev.loupe.spark.SparkEvalCommand", "--name", "loupe-eval-test",
                "--conf", "spark.driver.host=127.0.0.1", "--conf", "spark.driver.bindAddress=127.0.0.1",
                "--conf", "spark.ui.enabled=false", "--conf", "spark.executor.cores=1",
                "--conf", "spark.executor.memory=768m", "--driver-memory", "768m"));
        for (String setting : conf) {
            args.add("--conf");
            args.add(setting);
        }
        args.add(jobJar().toString());
        args.addAll(List.of(jobArgs));
        return runtime.process(runtime.java("768m", "org.apache.spark.deploy.SparkSubmit", args.toArray(String[]::new)),
                log).start();
    }
}
