package dev.loupe.server;

import dev.loupe.Loupe;
import dev.loupe.image.jpeg.JpegFixtures;
import dev.loupe.testing.TestImages;

import javax.imageio.ImageIO;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Load on loopback (not a test: no assertions): uploads one JPEG over and over from concurrent
 * clients to {@code POST /v1/analyze} and prints requests per second and latency percentiles. It
 * starts its own server (offline models, in-memory store) unless given {@code --url}. Run from the
 * worktree:
 * <pre>
 * mvn -q test-compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt -Dmdep.includeScope=test
 * java -cp target/classes:target/test-classes:$(cat target/cp.txt) dev.loupe.server.LoadBenchmark \
 *      [--image FILE] [--requests 40] [--clients 4] [--max-concurrent N] [--url http://127.0.0.1:8080] [--token T]
 * </pre>
 * Without {@code --image} it makes a 12-megapixel JPEG (4000×3000) by scaling the Nikon D50 photo
 * from commons-imaging's test set, in the temporary folder.
 */
public final class LoadBenchmark {

    private LoadBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = options(args);
        Path image = options.containsKey("image") ? Path.of(options.get("image")) : twelveMegapixels();
        int requests = Integer.parseInt(options.getOrDefault("requests", "40"));
        int clients = Integer.parseInt(options.getOrDefault("clients", "4"));
        int warmup = Integer.parseInt(options.getOrDefault("warmup", "4"));
        byte[] body = ServerClient.multipart("image", image.getFileName().toString(), Files.readAllBytes(image));

        Loupe loupe = null;
        LoupeServer server = null;
        URI base;
        if (options.containsKey("url")) {
            base = URI.create(options.get("url"));
        } else {
            loupe = Loupe.builder().graph("forensic").build();
            int running = Integer.parseInt(options.getOrDefault("max-concurrent",
                    Integer.toString(2 * Runtime.getRuntime().availableProcessors())));
            // Queue room for every client, so the figures measure analyses, not 429s.
            server = LoupeServer.start(ServerConfig.defaults().withPort(0).withPool(running, clients), List.of(loupe));
            base = URI.create("http://127.0.0.1:" + server.port());
            System.out.printf(Locale.ROOT, "server: in-process, graph forensic (tools %s), %d running / %d queued%n",
                    String.join(", ", loupe.graph().spec().tools().names()), running, clients);
        }
        System.out.printf(Locale.ROOT, "image: %s, %d bytes; %d requests from %d clients after %d warm-up; %d cores%n",
                image, Files.size(image), requests, clients, warmup, Runtime.getRuntime().availableProcessors());

        HttpClient http = HttpClient.newBuilder().build();
        HttpRequest.Builder builder = HttpRequest.newBuilder(base.resolve("/v1/analyze")).timeout(Duration.ofMinutes(10))
                .header("Content-Type", "multipart/form-data; boundary=" + ServerClient.BOUNDARY)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (options.containsKey("token")) {
            builder.header("Authorization", "Bearer " + options.get("token"));
        }
        HttpRequest request = builder.build();
        run(http, request, warmup, clients);
        long cpuBefore = processCpuNanos();
        long start = System.nanoTime();
        Result result = run(http, request, requests, clients);
        double seconds = (System.nanoTime() - start) / 1e9;
        double cpuSeconds = (processCpuNanos() - cpuBefore) / 1e9;

        List<Double> sorted = new ArrayList<>(result.millis);
        Collections.sort(sorted);
        System.out.printf(Locale.ROOT, "statuses: %s%n", result.statuses);
        System.out.printf(Locale.ROOT, "throughput: %.2f requests/s (%d in %.1f s)%n", requests / seconds, requests, seconds);
        System.out.printf(Locale.ROOT, "latency ms: p50 %.0f, p90 %.0f, p99 %.0f, max %.0f%n",
                percentile(sorted, 50), percentile(sorted, 90), percentile(sorted, 99), sorted.get(sorted.size() - 1));
        if (server != null) {
            // The machine may be shared: CPU time per request says what an idle machine could do.
            System.out.printf(Locale.ROOT, "process CPU: %.2f s per request (client and server together); load average %.1f%n",
                    cpuSeconds / requests, ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
            server.close();
            loupe.close();
        }
    }

    private record Result(List<Double> millis, Map<Integer, Integer> statuses) {
    }

    private static Result run(HttpClient http, HttpRequest request, int count, int clients) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        AtomicInteger left = new AtomicInteger(count);
        List<Double> millis = Collections.synchronizedList(new ArrayList<>());
        Map<Integer, Integer> statuses = Collections.synchronizedMap(new TreeMap<>());
        List<Future<?>> workers = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            workers.add(pool.submit(() -> {
                while (left.getAndDecrement() > 0) {
                    long start = System.nanoTime();
                    HttpResponse<Void> response = http.send(request, HttpResponse.BodyHandlers.discarding());
                    millis.add((System.nanoTime() - start) / 1e6);
                    statuses.merge(response.statusCode(), 1, Integer::sum);
                }
                return null;
            }));
        }
        for (Future<?> worker : workers) {
            worker.get();
        }
        pool.shutdown();
        return new Result(millis, statuses);
    }

    private static long processCpuNanos() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime() : 0;
    }

    /** Nearest-rank percentile. */
    private static double percentile(List<Double> sorted, double p) {
        int rank = (int) Math.ceil(p / 100 * sorted.size());
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, rank - 1)));
    }

    private static Path twelveMegapixels() throws IOException {
        Path file = Path.of(System.getProperty("java.io.tmpdir"), "loupe-12mp.jpg");
        if (Files.exists(file)) {
            return file;
        }
        BufferedImage source;
        try (InputStream in = TestImages.class.getResourceAsStream(TestImages.NIKON_D50)) {
            source = ImageIO.read(in);
        }
        BufferedImage scaled = new BufferedImage(4000, 3000, BufferedImage.TYPE_INT_RGB);
        var g = scaled.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
        g.drawImage(source, 0, 0, 4000, 3000, null);
        g.dispose();
        // Quality 0.92, near what cameras write, so the file is camera-sized rather than 0.75's smaller one.
        return Files.write(file, JpegFixtures.encode(scaled, 92));
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> options = new TreeMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            if (!args[i].startsWith("--")) {
                throw new IllegalArgumentException("expected --name value pairs, got " + args[i]);
            }
            options.put(args[i].substring(2), args[i + 1]);
        }
        return options;
    }
}
