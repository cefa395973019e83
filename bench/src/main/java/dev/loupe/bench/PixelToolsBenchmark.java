package dev.loupe.bench;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.loupe.image.ImageFormat;
import dev.loupe.image.LoadedImage;
import dev.loupe.tool.Tool;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.forensic.copymove.CopyMoveTool;
import dev.loupe.tool.forensic.noise.NoiseTool;
import dev.loupe.tool.forensic.pixel.PixelSource;
import dev.loupe.tool.forensic.thumbnail.ThumbnailTool;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * Prints the mean wall-clock and CPU time of decoding (for a baseline JPEG the shared coefficient pass,
 * else the ImageIO decode; see {@link PixelSource}) and of each pixel tool (noise, copy_move, thumbnail) per image, after warm-up, on the calling thread. Usage: {@code PixelToolsBenchmark image...}.
 * A benchmark, not a test: the figures depend on the machine.
 */
public final class PixelToolsBenchmark {

    private static final int WARM_UP = 3;
    private static final int RUNS = 5;
    /** CPU time of the calling thread: on a shared machine wall time mostly measures the neighbours. */
    private static final java.lang.management.ThreadMXBean THREADS = java.lang.management.ManagementFactory.getThreadMXBean();

    private PixelToolsBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            System.err.println("usage: PixelToolsBenchmark image...");
            System.exit(2);
        }
        List<Tool> tools = List.of(new NoiseTool(), new CopyMoveTool(), new ThumbnailTool());
        for (String arg : args) {
            Path path = Path.of(arg);
            byte[] bytes = Files.readAllBytes(path);
            double decode = 0;
            double decodeCpu = 0;
            LoadedImage image = null;
            for (int i = 0; i < WARM_UP + RUNS; i++) {
                image = load(path, bytes.clone()); // a fresh array: the coefficient pass is kept per array
                long start = System.nanoTime();
                long startCpu = THREADS.getCurrentThreadCpuTime();
                PixelSource.of(image);
                if (i >= WARM_UP) {
                    decode += (System.nanoTime() - start) / 1e6;
                    decodeCpu += (THREADS.getCurrentThreadCpuTime() - startCpu) / 1e6;
                }
            }
            System.out.printf(Locale.ROOT, "%s (%dx%d)%n  decode      %8.1f ms wall %8.1f ms cpu%n", path.getFileName(),
                    image.width(), image.height(), decode / RUNS, decodeCpu / RUNS);
            for (Tool tool : tools) {
                double total = 0;
                double cpu = 0;
                ToolResult result = null;
                for (int i = 0; i < WARM_UP + RUNS; i++) {
                    long start = System.nanoTime();
                    long startCpu = THREADS.getCurrentThreadCpuTime();
                    result = tool.run(ToolContext.of(image), JsonNodeFactory.instance.objectNode());
                    if (i >= WARM_UP) {
                        total += (System.nanoTime() - start) / 1e6;
                        cpu += (THREADS.getCurrentThreadCpuTime() - startCpu) / 1e6;
                    }
                }
                System.out.printf(Locale.ROOT, "  %-11s %8.1f ms wall %8.1f ms cpu  %s %s%n", tool.name(), total / RUNS,
                        cpu / RUNS, result.status().wireName(), result.findings().stream().map(f -> f.code()).toList());
            }
        }
    }

    /** A minimal stand-in for the application's loader: sniffed format, decoded size, SHA-256. */
    private static LoadedImage load(Path path, byte[] bytes) throws Exception {
        ImageFormat format = (bytes[0] & 255) == 0xFF ? ImageFormat.JPEG
                : (bytes[0] & 255) == 0x89 ? ImageFormat.PNG
                : bytes[0] == 'R' ? ImageFormat.WEBP : bytes[0] == 'G' ? ImageFormat.GIF
                : bytes[0] == 'B' ? ImageFormat.BMP : ImageFormat.TIFF;
        String sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        LoadedImage probe = new LoadedImage(path, path.getFileName().toString(), bytes, format, 0, 0, sha);
        var pixels = probe.pixels();
        return new LoadedImage(path, path.getFileName().toString(), bytes, format, pixels.getWidth(), pixels.getHeight(), sha);
    }
}
