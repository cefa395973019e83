package dev.loupe.spark;

import org.apache.spark.launcher.JavaModuleOptions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A Spark 3.5.7 installation made from Maven Central: {@code target/spark-home/jars} holds the jars of
 * {@code spark/src/test/spark-runtime/pom.xml} (Spark's own dependency versions, not Loupe's), the layout
 * Spark's launcher expects of a distribution. Made once, by running Maven on that POM.
 */
final class SparkRuntime {

    private final Path home;

    private SparkRuntime(Path home) {
        this.home = home;
    }

    /** The installation under {@code target/spark-home}, made first if missing. */
    static SparkRuntime prepare() throws IOException, InterruptedException {
        Path home = Path.of("spark", "target", "spark-home").toAbsolutePath();
        Path jars = home.resolve("jars");
        Path ready = home.resolve("RELEASE");
        if (!Files.exists(ready)) {
            Files.createDirectories(jars);
            Path log = home.resolve("prepare.log");
            Process maven = new ProcessBuilder(maven(), "-B", "-ntp", "-q", "-f",
                    Path.of("spark/src/test/spark-runtime/pom.xml").toAbsolutePath().toString(),
                    "org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy-dependencies",
                    "-DoutputDirectory=" + jars)
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (!maven.waitFor(10, TimeUnit.MINUTES) || maven.exitValue() != 0) {
                maven.destroyForcibly();
                throw new IllegalStateException("could not resolve the Spark runtime; see " + log);
            }
            Files.writeString(ready, "Spark 3.5.7 (Scala 2.13), jars from spark/src/test/spark-runtime/pom.xml\n");
        }
        return new SparkRuntime(home);
    }

    Path home() {
        return home;
    }

    /** The class path of Spark's own processes: every jar of the installation. */
    String classPath() {
        return home.resolve("jars") + "/*";
    }

    /** A {@code java} command line for a Spark main class, with the opens Spark needs on Java 17. */
    List<String> java(String heap, String mainClass, String... args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx" + heap);
        command.addAll(Arrays.asList(JavaModuleOptions.defaultModuleOptions().split(" ")));
        command.add("-cp");
        command.add(classPath());
        command.add(mainClass);
        command.addAll(Arrays.asList(args));
        return command;
    }

    /** A process builder with {@code SPARK_HOME} set, so that workers launch executors from this installation. */
    ProcessBuilder process(List<String> command, Path log) {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().put("SPARK_HOME", home.toString());
        builder.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
        builder.environment().put("SPARK_SCALA_VERSION", "2.13");
        return builder;
    }

    private static String maven() {
        String home = System.getProperty("maven.home");
        if (home != null && Files.isExecutable(Path.of(home, "bin", "mvn"))) {
            return Path.of(home, "bin", "mvn").toString();
        }
        return "mvn";
    }
}
