package dev.loupe.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The reference side of the speed benchmarks: Python + OpenCV's ELA ({@code evaluation/bench-opencv-ela.py}
 * warm, {@code evaluation/cold-opencv-ela.py} as one cold process), run as a child process in the same
 * run as Loupe. Needs Debian's {@code python3-opencv} ({@code /usr/bin/python3}).
 */
public final class OpenCvReference {

    /** The warm script's mean round and its fastest round, in milliseconds of wall and process CPU time. */
    public record Warm(double wallMs, double cpuMs, double fastestCpuMs) {
    }

    private static final Pattern TOTAL = Pattern.compile("^\\s*TOTAL\\s+([0-9.]+) ms\\s+([0-9.]+) ms\\s*$");
    private static final Pattern FASTEST = Pattern.compile("^\\s*TOTAL, fastest round\\s+([0-9.]+) ms\\s*$");

    private final Path scripts;

    /** @param scripts the folder holding the scripts (the repository's {@code evaluation/}) */
    OpenCvReference(Path scripts) {
        this.scripts = scripts;
    }

    /** The folder {@code evaluation/} from the working directory, or the one given by {@code LOUPE_EVALUATION}. */
    public static OpenCvReference fromEnvironment() {
        String folder = System.getenv().getOrDefault("LOUPE_EVALUATION", "evaluation");
        return new OpenCvReference(Path.of(folder));
    }

    /** Runs the warm script on {@code image} with {@code rounds} timed rounds after {@code warmup}. */
    public Warm warm(Path image, int warmup, int rounds, List<String> pinning) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(pinning);
        command.addAll(List.of(python(), script("bench-opencv-ela.py").toString(), image.toString(),
                "--rounds", String.valueOf(rounds), "--warmup", String.valueOf(warmup)));
        String output = run(command);
        double wall = Double.NaN;
        double cpu = Double.NaN;
        double fastest = Double.NaN;
        for (String line : output.split("\n")) {
            Matcher total = TOTAL.matcher(line);
            if (total.matches()) {
                wall = Double.parseDouble(total.group(1));
                cpu = Double.parseDouble(total.group(2));
            }
            Matcher best = FASTEST.matcher(line);
            if (best.matches()) {
                fastest = Double.parseDouble(best.group(1));
            }
        }
        if (Double.isNaN(wall) || Double.isNaN(fastest)) {
            throw new IOException("the OpenCV script printed no totals:\n" + output);
        }
        return new Warm(wall, cpu, fastest);
    }

    /** The cold script's command line for {@code image}. */
    List<String> coldCommand(Path image) throws IOException {
        return List.of(python(), script("cold-opencv-ela.py").toString(), image.toString());
    }

    private Path script(String name) throws IOException {
        Path script = scripts.resolve(name);
        if (!Files.isRegularFile(script)) {
            throw new IOException(script.toAbsolutePath() + " is missing: run from the repository's folder or set LOUPE_EVALUATION");
        }
        return script;
    }

    private static String python() throws IOException {
        Path debian = Path.of("/usr/bin/python3");
        if (!Files.isExecutable(debian)) {
            throw new IOException("/usr/bin/python3 is missing: apt-get install -y python3-opencv");
        }
        return debian.toString();
    }

    /** Runs {@code command}, returning its standard output; its standard error goes to ours. */
    static String run(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(10, TimeUnit.MINUTES) || process.exitValue() != 0) {
            process.destroyForcibly();
            throw new IOException(String.join(" ", command) + " failed (exit " + exitOf(process) + "):\n" + output);
        }
        return output;
    }

    private static String exitOf(Process process) {
        return process.isAlive() ? "none, still running" : String.format(Locale.ROOT, "%d", process.exitValue());
    }
}
