package dev.loupe.soak;

import dev.loupe.server.Scrape;
import dev.loupe.testing.MarkedImages;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Soaks {@code loupe serve} under faults, on loopback only, for a fixed number of requests:
 * <ol>
 *   <li>start the server (a separate process, SQLite store) against a model stub; warm it up; measure
 *       heap after GC, file descriptors and threads;</li>
 *   <li>send {@code --requests} uploads from {@code --clients} concurrent clients — plain, streamed,
 *       abandoned mid-upload, abandoned mid-stream — while the stub injects faults into
 *       {@code --fault-rate} of the model calls (500, 429 with Retry-After, timeouts, truncated
 *       bodies, malformed tool calls); wait for the server to go idle (and its pools to shed idle
 *       threads, up to 90 s) and measure again;</li>
 *   <li>send {@code --kill-batch} more, {@code kill -9} the server once analyses run, restart it on the
 *       same store, and measure the new process;</li>
 *   <li>stop the server, then settle the accounts (see {@link SoakLedger}): lost must be 0.</li>
 * </ol>
 * <pre>java -cp target/classes:target/test-classes:$(cat target/cp.txt) dev.loupe.soak.ServiceSoak \
 *     [--requests 200] [--clients 6] [--fault-rate 0.3] [--kill-batch 12] [--seed 20]</pre>
 * Exit code 0 when nothing was lost and no request got a 500, 1 otherwise.
 */
public final class ServiceSoak {

    private static final List<SoakClient.Behaviour> MIX = List.of(
            SoakClient.Behaviour.UPLOAD, SoakClient.Behaviour.UPLOAD, SoakClient.Behaviour.UPLOAD, SoakClient.Behaviour.UPLOAD,
            SoakClient.Behaviour.UPLOAD, SoakClient.Behaviour.STREAM, SoakClient.Behaviour.STREAM,
            SoakClient.Behaviour.DISCONNECT_MID_UPLOAD, SoakClient.Behaviour.DISCONNECT_MID_STREAM);
    private static final long MODEL_TIMEOUT_MS = 2000;

    private ServiceSoak() {
    }

    public static void main(String[] args) throws Exception {
        SoakOptions options = SoakOptions.parse(args);
        Path work = Files.createTempDirectory("loupe-soak");
        Path store = work.resolve("loupe.db");
        Random random = new Random(options.seed());
        try (FaultyModel model = new FaultyModel(0, options.seed(), MODEL_TIMEOUT_MS + 1500)) {
            SoakHome.write(work, model.baseUrl(), MODEL_TIMEOUT_MS);
            int port = ServerProcess.freePort();
            // The model comes from the working folder's graph file (see SoakHome), not from --model.
            List<String> serve = List.of("--max-concurrent", "2", "--max-queued", "3", "--request-timeout", "30");
            List<SoakClient.Outcome> outcomes = new ArrayList<>();
            ProcessFigures start;
            ProcessFigures end;
            ProcessFigures restarted;
            long t0 = System.nanoTime();
            ServerProcess server = ServerProcess.start(work, store, port, serve);
            try {
                outcomes.addAll(run(port, 0, 6, 1, List.of(SoakClient.Behaviour.UPLOAD), random));
                awaitIdle(port);
                start = ProcessFigures.of(server.pid());
                model.faultRate(options.faultRate());
                outcomes.addAll(run(port, 6, options.requests(), options.clients(), MIX, random));
                awaitIdle(port);
                end = settled(server.pid(), start);
                int first = 6 + options.requests();
                ExecutorService killer = Executors.newSingleThreadExecutor();
                Future<List<SoakClient.Outcome>> batch = killer.submit(() ->
                        run(port, first, options.killBatch(), options.clients(), MIX, random));
                awaitBusy(port);
                server.kill();
                outcomes.addAll(batch.get());
                killer.shutdown();
                server = ServerProcess.start(work, store, port, serve);
                restarted = ProcessFigures.of(server.pid());
                outcomes.addAll(run(port, first + options.killBatch(), 4, 2, List.of(SoakClient.Behaviour.UPLOAD), random));
            } finally {
                server.close();
            }
            model.faultRate(0);
            SoakLedger.Tally tally = SoakLedger.settle(work, store, outcomes);
            SoakReport.print(options, outcomes.size(), model, tally, start, end, restarted,
                    Duration.ofNanos(System.nanoTime() - t0), work);
            boolean bug = outcomes.stream().anyMatch(o -> o.status() == 500);
            System.exit(tally.lost().isEmpty() && !bug ? 0 : 1);
        }
    }

    /** Sends {@code count} requests numbered from {@code first}, {@code clients} at a time. */
    private static List<SoakClient.Outcome> run(int port, int first, int count, int clients, List<SoakClient.Behaviour> mix,
                                                Random random) throws Exception {
        SoakClient client = new SoakClient(port);
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try {
            List<Future<SoakClient.Outcome>> futures = new ArrayList<>();
            for (int i = first; i < first + count; i++) {
                int index = i;
                SoakClient.Behaviour behaviour;
                synchronized (random) {
                    behaviour = mix.get(random.nextInt(mix.size()));
                }
                // A unique image per request, so its thread can be found by the image's hash.
                byte[] image = MarkedImages.withComment(MarkedImages.jpeg(96 + index % 32, 64), "soak request " + index);
                futures.add(pool.submit(() -> {
                    SoakClient.Outcome outcome = client.send(index, behaviour, image, sha256(image));
                    if (outcome.status() == 429) {
                        Thread.sleep(1000); // a well-behaved client waits as Retry-After asks before its next request
                    }
                    return outcome;
                }));
            }
            List<SoakClient.Outcome> outcomes = new ArrayList<>();
            for (Future<SoakClient.Outcome> future : futures) {
                outcomes.add(future.get());
            }
            return outcomes;
        } finally {
            pool.shutdown();
        }
    }

    /** Waits until no analysis runs (a 504's analysis, or an abandoned stream's, finishes after its client left). */
    private static void awaitIdle(int port) throws IOException, InterruptedException {
        HttpClient http = HttpClient.newHttpClient();
        String metrics = "";
        for (int i = 0; i < 600; i++) {
            metrics = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics")).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            if (Scrape.parse(metrics).valueOf("loupe_analyses_in_flight", Map.of()) == 0) {
                return;
            }
            Thread.sleep(500);
        }
        throw new IOException("the server stayed busy for five minutes after its clients finished:\n" + metrics);
    }

    /** Waits until analyses are running, so the kill lands in the middle of some. */
    private static void awaitBusy(int port) throws IOException, InterruptedException {
        HttpClient http = HttpClient.newHttpClient();
        for (int i = 0; i < 200; i++) {
            String metrics = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics")).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            if (Scrape.parse(metrics).valueOf("loupe_analyses_in_flight", Map.of()) != 0) {
                Thread.sleep(700); // into the first nodes: past the vision checkpoint for some, before it for others
                return;
            }
            Thread.sleep(100);
        }
    }

    /**
     * The figures once the server's pools have shed their idle threads (Jetty's after 60 s), or after
     * 90 s: what an idle server holds, not what a busy one just held.
     */
    private static ProcessFigures settled(long pid, ProcessFigures baseline) throws IOException, InterruptedException {
        ProcessFigures figures = ProcessFigures.of(pid);
        for (int i = 0; i < 18 && figures.threads() > baseline.threads(); i++) {
            Thread.sleep(5000);
            figures = ProcessFigures.of(pid);
        }
        return figures;
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
