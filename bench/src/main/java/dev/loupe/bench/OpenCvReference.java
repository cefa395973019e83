package dev.loupe.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The reference side of the speed benchmarks: Python + OpenCV's ELA ({@code evaluation/bench-opencv-ela.py}
 * warm, {@code evaluation/cold-opencv-ela.py} as one cold process), run as a child process in the same
 * run as Loupe. Needs Debian's {@code python3-opencv} ({@code /usr/bin/python3}).
 */
public final class OpenCvReference {

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

    /**
     * The warm script in {@code --serve} mode on {@code image}, after {@code warmup} rounds of its own: it
     * times one round each time it is asked, so that a benchmark can take its rounds and the reference's in
     * turn. {@code pinning} is put before the command (empty: the child inherits this process's cores).
     */
    public Rounds rounds(Path image, int warmup, List<String> pinning) throws IOException {
        List<String> command = new ArrayList<>(pinning);
        command.addAll(List.of(python(), script("bench-opencv-ela.py").toString(), image.toString(),
                "--warmup", String.valueOf(warmup), "--serve"));
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        Rounds rounds = new Rounds(String.join(" ", command), process);
        rounds.expect("ready");
        return rounds;
    }

    /** One round of the reference: wall and process CPU milliseconds. */
    public record Round(double wallMs, double cpuMs) {
    }

    /** The reference process serving rounds; closing it ends the process. */
    public static final class Rounds implements AutoCloseable {

        private final String command;
        private final Process process;
        private final BufferedReader output;
        private final Writer input;

        private Rounds(String command, Process process) {
            this.command = command;
            this.process = process;
            this.output = process.inputReader(StandardCharsets.UTF_8);
            this.input = process.outputWriter(StandardCharsets.UTF_8);
        }

        /** Runs one round and returns its times. */
        public Round next() throws IOException {
            input.write('\n');
            input.flush();
            String[] times = expect(null).trim().split("\\s+");
            if (times.length != 2) {
                throw new IOException(command + " answered a round with \"" + String.join(" ", times) + "\", not two times");
            }
            return new Round(Double.parseDouble(times[0]), Double.parseDouble(times[1]));
        }

        private String expect(String wanted) throws IOException {
            String line = output.readLine();
            if (line == null || (wanted != null && !line.equals(wanted))) {
                throw new IOException(command + " stopped answering (exit " + exitOf(process) + ")"
                        + (line == null ? "" : ": it printed \"" + line + "\""));
            }
            return line;
        }

        @Override
        public void close() throws IOException, InterruptedException {
            input.close();
            if (!process.waitFor(1, TimeUnit.MINUTES)) {
                process.destroyForcibly();
            }
        }
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

    private static String exitOf(Process process) {
        return process.isAlive() ? "none, still running" : String.format(Locale.ROOT, "%d", process.exitValue());
    }
}
