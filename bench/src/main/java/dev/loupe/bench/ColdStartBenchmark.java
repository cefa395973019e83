package dev.loupe.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A cold {@code loupe analyze} of one image, as a new process from start to exit, against a cold
 * Python + OpenCV ELA process ({@code evaluation/cold-opencv-ela.py}) on the same file, interleaved
 * in the same run. Each side is timed by GNU time ({@code /usr/bin/time}): wall seconds, CPU seconds
 * (user + system, all threads) and the peak resident set. Medians over the runs, then the ratios.
 */
public final class ColdStartBenchmark {

    /** One process' figures. */
    record Sample(double wall, double cpu, double residentMb) {
    }

    private final PrintWriter out;

    public ColdStartBenchmark(PrintWriter out) {
        this.out = out;
    }

    /**
     * @param sides Loupe's command lines by name (the launcher, {@code java -jar}); each gets the image
     *              and {@code --store memory} appended after {@code analyze}
     */
    public void run(Path image, Map<String, List<String>> sides, int runs) throws Exception {
        run(image, sides, runs, List.of());
    }

    /**
     * As {@link #run(Path, Map, int)} with {@code options} after {@code analyze} on every Loupe side
     * ({@code --graph composition}, say); when there are several Loupe sides, each is also set against
     * the first (an earlier build, say).
     */
    public void run(Path image, Map<String, List<String>> sides, int runs, List<String> options) throws Exception {
        Map<String, List<Sample>> samples = new LinkedHashMap<>();
        List<String> opencv = OpenCvReference.fromEnvironment().coldCommand(image);
        out.printf(Locale.ROOT, "%s (%d bytes), %d cold runs each, interleaved; analyze %s; load before %s%n", image,
                Files.size(image), runs, String.join(" ", options), Load.average());
        out.flush();
        for (int run = 0; run < runs; run++) {
            for (Map.Entry<String, List<String>> side : sides.entrySet()) {
                List<String> command = new ArrayList<>(side.getValue());
                command.addAll(List.of("analyze", "--store", "memory"));
                command.addAll(options);
                command.add(image.toString());
                samples.computeIfAbsent(side.getKey(), k -> new ArrayList<>()).add(timed(command));
            }
            samples.computeIfAbsent("Python + OpenCV ELA", k -> new ArrayList<>()).add(timed(opencv));
        }
        out.printf(Locale.ROOT, "  %-28s %10s %10s %10s%n", "median of " + runs, "wall", "CPU", "peak RSS");
        for (Map.Entry<String, List<Sample>> entry : samples.entrySet()) {
            Sample median = median(entry.getValue());
            out.printf(Locale.ROOT, "  %-28s %8.2f s %8.2f s %7.0f MB%n", entry.getKey(), median.wall(), median.cpu(),
                    median.residentMb());
        }
        Sample reference = median(samples.get("Python + OpenCV ELA"));
        for (String side : sides.keySet()) {
            Sample loupe = median(samples.get(side));
            out.printf(Locale.ROOT, "  ratio %s / OpenCV: wall %.2f×, CPU %.2f×, RSS %.2f×%n", side,
                    loupe.wall() / reference.wall(), loupe.cpu() / reference.cpu(), loupe.residentMb() / reference.residentMb());
        }
        String first = sides.keySet().iterator().next();
        for (String side : sides.keySet()) {
            if (!side.equals(first)) {
                Sample loupe = median(samples.get(side));
                Sample base = median(samples.get(first));
                out.printf(Locale.ROOT, "  ratio %s / %s: wall %.2f×, CPU %.2f×, RSS %.2f×%n", side, first,
                        loupe.wall() / base.wall(), loupe.cpu() / base.cpu(), loupe.residentMb() / base.residentMb());
            }
        }
        out.printf(Locale.ROOT, "  load after: %s%n", Load.average());
        out.flush();
    }

    /** Runs {@code command} under GNU time, its output discarded. */
    static Sample timed(List<String> command) throws IOException, InterruptedException {
        Path report = Files.createTempFile("loupe-cold", ".time");
        try {
            List<String> timed = new ArrayList<>(List.of("/usr/bin/time", "-o", report.toString(), "-f", "%e %U %S %M"));
            timed.addAll(command);
            Process process = new ProcessBuilder(timed).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            int exit = process.waitFor();
            String[] fields = lastLine(Files.readString(report)).trim().split("\\s+");
            if (exit != 0 || fields.length != 4) {
                throw new IOException(String.join(" ", command) + " failed (exit " + exit + "): " + Files.readString(report));
            }
            return new Sample(Double.parseDouble(fields[0]), Double.parseDouble(fields[1]) + Double.parseDouble(fields[2]),
                    Double.parseDouble(fields[3]) / 1024);
        } finally {
            Files.deleteIfExists(report);
        }
    }

    private static String lastLine(String text) {
        String[] lines = text.trim().split("\n");
        return lines[lines.length - 1];
    }

    static Sample median(List<Sample> samples) {
        return new Sample(median(samples, Sample::wall), median(samples, Sample::cpu), median(samples, Sample::residentMb));
    }

    private static double median(List<Sample> samples, java.util.function.ToDoubleFunction<Sample> field) {
        double[] values = samples.stream().mapToDouble(field).toArray();
        Arrays.sort(values);
        int n = values.length;
        return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    }
}
