package dev.loupe.bench.cli;

import dev.loupe.bench.ColdStartBenchmark;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code loupe bench cold IMAGE}: cold {@code loupe analyze} processes against cold Python + OpenCV ELA processes. */
@Command(name = "cold", mixinStandardHelpOptions = true,
        description = "Cold 'loupe analyze' of one image (the launcher bin/loupe, and java -jar) against a cold "
                + "Python + OpenCV ELA process (evaluation/cold-opencv-ela.py) on the same file: wall, CPU, peak RSS, ratios.")
final class BenchColdCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "IMAGE", description = "The image, e.g. a 24 MP camera JPEG.")
    Path image;

    @Option(names = "--runs", defaultValue = "5", description = "Cold runs of each side (default: ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--launcher", defaultValue = "bin/loupe", description = "The launcher script (default: ${DEFAULT-VALUE}).")
    Path launcher;

    @Option(names = "--graph", paramLabel = "NAME", description = "The graph each cold analyze runs (default: the default graph).")
    String graph;

    @Option(names = "--before", paramLabel = "JAR", description = "An earlier build's loupe.jar (with its loupe.jsa beside it), "
            + "run by the launcher as a side of its own, first, so the others are also set against it.")
    Path before;

    @Override
    public Integer call() throws Exception {
        Map<String, List<String>> sides = new LinkedHashMap<>();
        if (before != null && Files.isExecutable(launcher)) {
            sides.put("before: " + launcher, List.of("env", "JAVA=" + javaCommand(), "LOUPE_JAR=" + before, launcher.toString()));
        }
        if (Files.isExecutable(launcher)) {
            // the launcher runs $JAVA (else $JAVA_HOME's java): this JVM, as the java -jar side does, and
            // not another JDK that happens to be JAVA_HOME, whose figure would be set beside this one's
            sides.put(launcher.toString(), List.of("env", "JAVA=" + javaCommand(), launcher.toString()));
        } else {
            spec.commandLine().getErr().println(launcher + " is not there or not executable: timing java -jar only");
        }
        sides.put("java -jar", List.of(javaCommand(), "-jar", ownJar()));
        new ColdStartBenchmark(spec.commandLine().getOut()).run(image, sides, runs,
                graph == null ? List.of() : List.of("--graph", graph));
        return 0;
    }

    private static String javaCommand() {
        return ProcessHandle.current().info().command().orElse("java");
    }

    /** The jar this command runs from: the cold side runs the same build. */
    private static String ownJar() throws Exception {
        Path location = Path.of(BenchColdCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        if (!Files.isRegularFile(location)) {
            throw dev.loupe.core.LoupeException.badInput("'loupe bench cold' runs from the jar (java -jar target/loupe.jar bench cold …), "
                    + "not from " + location);
        }
        return location.toString();
    }
}
