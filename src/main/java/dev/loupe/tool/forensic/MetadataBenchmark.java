package dev.loupe.tool.forensic;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.loupe.image.LoadedImage;
import dev.loupe.tool.Tool;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolRegistry;
import dev.loupe.tool.forensic.metadata.MetadataTool;
import dev.loupe.tool.forensic.provenance.ProvenanceTool;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Measures the metadata and provenance tools (and the {@code jpeg} structure tool when one is on
 * the class path) per image: {@code java … dev.loupe.tool.forensic.MetadataBenchmark PATH…} with
 * files or folders. Runs every image through the tools for warm-up, then repeatedly, and prints the
 * mean and 95th percentile of the milliseconds per image for all tools together.
 */
public final class MetadataBenchmark {

    private static final int WARM_UP_ROUNDS = 20;
    private static final int ROUNDS = 30;

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
        long[] nanos = new long[images.size() * ROUNDS];
        long[] totalPerImage = new long[images.size()];
        int n = 0;
        for (int round = 0; round < ROUNDS; round++) {
            long[] perImage = runAll(images, tools);
            System.arraycopy(perImage, 0, nanos, n, perImage.length);
            for (int i = 0; i < perImage.length; i++) {
                totalPerImage[i] += perImage[i];
            }
            n += perImage.length;
        }
        Arrays.sort(nanos);
        double mean = Arrays.stream(nanos).average().orElse(0) / 1e6;
        double p95 = nanos.length == 0 ? 0 : nanos[(int) Math.min(nanos.length - 1, Math.ceil(0.95 * nanos.length) - 1)] / 1e6;
        double max = nanos.length == 0 ? 0 : nanos[nanos.length - 1] / 1e6;
        System.out.printf("per image, all tools: mean %.3f ms, p95 %.3f ms, max %.3f ms (%d runs)%n", mean, p95, max, nanos.length);
        java.util.stream.IntStream.range(0, images.size()).boxed()
                .sorted((a, b) -> Long.compare(totalPerImage[b], totalPerImage[a])).limit(3)
                .forEach(i -> System.out.printf("slowest: %.3f ms mean, %d bytes, %s%n", totalPerImage[i] / 1e6 / ROUNDS,
                        images.get(i).bytes().length, images.get(i).path()));
    }

    /** One pass over every image; each run gets a fresh image object, so no per-image cache helps. */
    private static long[] runAll(List<LoadedImage> images, List<Tool> tools) throws Exception {
        long[] nanos = new long[images.size()];
        for (int i = 0; i < images.size(); i++) {
            LoadedImage original = images.get(i);
            LoadedImage image = new LoadedImage(original.path(), original.name(), original.bytes(), original.format(),
                    original.width(), original.height(), original.sha256());
            long start = System.nanoTime();
            for (Tool tool : tools) {
                tool.run(ToolContext.of(image), JsonNodeFactory.instance.objectNode());
            }
            nanos[i] = System.nanoTime() - start;
        }
        return nanos;
    }
}
