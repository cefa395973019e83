package dev.loupe.bench;

import dev.loupe.image.LocalImages;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.loupe.image.LoadedImage;
import dev.loupe.tool.Tool;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolRegistry;
import dev.loupe.tool.forensic.metadata.MetadataTool;
import dev.loupe.tool.forensic.provenance.ProvenanceTool;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Measures the metadata and provenance tools (and the {@code jpeg} structure tool when one is on
 * the class path) per image: {@code java … dev.loupe.bench.MetadataBenchmark PATH…} with
 * files or folders. Runs every image through the tools for warm-up, then repeatedly, and prints the
 * mean and 95th percentile of the milliseconds per image for all tools together, as wall-clock
 * time and as the thread's CPU time (the fairer figure on a machine shared with other work).
 */
public final class MetadataBenchmark {

    private static final int WARM_UP_ROUNDS = 20;
    private static final int ROUNDS = 30;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private MetadataBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            System.err.println("usage: MetadataBenchmark IMAGE_OR_FOLDER...");
            System.exit(2);
        }
        List<LoadedImage> images = new ArrayList<>();
        for (Path file : LocalImages.list(List.of(args))) {
            LocalImages.load(file).ifPresent(images::add);
        }
        List<Tool> tools = new ArrayList<>(List.of(new MetadataTool(), new ProvenanceTool()));
        Optional<Tool> jpeg = ToolRegistry.discover().find("jpeg");
        jpeg.ifPresent(tools::add);
        System.out.printf("%d images; tools: %s%s%n", images.size(),
                String.join(", ", tools.stream().map(Tool::name).toList()),
                jpeg.isPresent() ? "" : " (no jpeg tool on the class path)");
        for (int round = 0; round < WARM_UP_ROUNDS; round++) {
            runAll(images, tools);
        }
        long[] wall = new long[images.size() * ROUNDS];
        long[] cpu = new long[images.size() * ROUNDS];
        long[] totalPerImage = new long[images.size()];
        int n = 0;
        for (int round = 0; round < ROUNDS; round++) {
            long[][] perImage = runAll(images, tools);
            System.arraycopy(perImage[0], 0, wall, n, images.size());
            System.arraycopy(perImage[1], 0, cpu, n, images.size());
            for (int i = 0; i < images.size(); i++) {
                totalPerImage[i] += perImage[1][i];
            }
            n += images.size();
        }
        print("wall", wall);
        print("cpu ", cpu);
        java.util.stream.IntStream.range(0, images.size()).boxed()
                .sorted((a, b) -> Long.compare(totalPerImage[b], totalPerImage[a])).limit(3)
                .forEach(i -> System.out.printf("slowest: %.3f ms cpu mean, %d bytes, %s%n", totalPerImage[i] / 1e6 / ROUNDS,
                        images.get(i).bytes().length, images.get(i).path()));
    }

    private static void print(String what, long[] nanos) {
        Arrays.sort(nanos);
        double mean = Arrays.stream(nanos).average().orElse(0) / 1e6;
        double p95 = nanos.length == 0 ? 0 : nanos[(int) Math.min(nanos.length - 1, Math.ceil(0.95 * nanos.length) - 1)] / 1e6;
        double max = nanos.length == 0 ? 0 : nanos[nanos.length - 1] / 1e6;
        System.out.printf("per image, all tools, %s: mean %.3f ms, p95 %.3f ms, max %.3f ms (%d runs)%n",
                what, mean, p95, max, nanos.length);
    }

    /**
     * One pass over every image, wall and CPU nanoseconds per image; each run gets a fresh image
     * object, so no per-image cache helps.
     */
    private static long[][] runAll(List<LoadedImage> images, List<Tool> tools) throws Exception {
        long[] nanos = new long[images.size()];
        long[] cpu = new long[images.size()];
        for (int i = 0; i < images.size(); i++) {
            LoadedImage original = images.get(i);
            // A fresh image each round: tools keep shared decodes on the image.
            LoadedImage image = new LoadedImage(original.path(), original.name(), original.bytes().clone(), original.format(),
                    original.width(), original.height(), original.sha256());
            long cpuStart = THREADS.getCurrentThreadCpuTime();
            long start = System.nanoTime();
            for (Tool tool : tools) {
                tool.run(ToolContext.of(image), JsonNodeFactory.instance.objectNode());
            }
            nanos[i] = System.nanoTime() - start;
            cpu[i] = THREADS.getCurrentThreadCpuTime() - cpuStart;
        }
        return new long[][] {nanos, cpu};
    }
}
