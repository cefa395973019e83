package dev.loupe.tool.detect;

import dev.loupe.AnalysisOptions;
import dev.loupe.Loupe;
import dev.loupe.image.ImageLimits;
import dev.loupe.image.ImageLoader;
import dev.loupe.tool.ToolCall;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolExecutor;
import dev.loupe.tool.ToolRegistry;
import org.opencv.core.Core;
import org.opencv.core.Mat;
import org.opencv.core.MatOfByte;
import org.opencv.core.Scalar;
import org.opencv.core.Size;
import org.opencv.dnn.Dnn;
import org.opencv.dnn.Net;
import org.opencv.imgcodecs.Imgcodecs;
import org.opencv.imgproc.Imgproc;

import javax.imageio.ImageIO;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Latency of the detect tools against plain OpenCV, at 640×480, 1280×720 and 1920×1080: per call of
 * {@code detect_objects} and {@code draw_boxes} (through the tool executor: argument validation,
 * decoding the PNG, the work, the result), the reference (OpenCV alone decoding the same PNG and running
 * the same BlazeFace network once on it, letterboxed as the tool does), the tool's overhead over the
 * reference (its second look at each face is part of it), and p95 of a whole offline request through
 * the compiled detect graph ("detect the faces and draw them"). The process's CPU time per call of the
 * reference and of {@code detect_objects} is printed too, a figure the machine's load hardly moves.
 *
 * <p>Usage: {@code java -cp target/loupe.jar dev.loupe.bench.DetectBenchmark [PHOTO] [RUNS]}
 * (default {@code evaluation/detect/images/three-faces.jpg}, 20 runs).
 */
public final class DetectBenchmark {

    private DetectBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path photo = Path.of(args.length > 0 ? args[0] : "evaluation/detect/images/three-faces.jpg");
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        OfflineDetector.unavailable().ifPresent(problem -> {
            throw new IllegalStateException(problem);
        });
        BufferedImage source = ImageIO.read(photo.toFile());
        ImageLoader loader = new ImageLoader(ImageLimits.defaults());
        Path out = Files.createTempDirectory("loupe-detect-bench");
        Net reference = Dnn.readNetFromTFLite(new MatOfByte(BlazeFaceDetector.bytes(FaceModel.SHORT_RANGE)));
        try (ToolExecutor tools = new ToolExecutor(ToolRegistry.of(List.of(new DetectObjectsTool(), new DrawBoxesTool())),
                Duration.ofSeconds(60), 1);
             Loupe loupe = Loupe.builder().graph("detect").outputDir(out).build()) {
            System.out.printf(Locale.ROOT, "%-10s %-28s %8s %8s%n", "size", "what", "p50 ms", "p95 ms");
            for (int[] size : new int[][] {{640, 480}, {1280, 720}, {1920, 1080}}) {
                byte[] png = png(source, size[0], size[1]);
                double[] ref = new double[runs], detect = new double[runs], draw = new double[runs], request = new double[runs];
                double[] refCpu = new double[runs], detectCpu = new double[runs];
                String boxes = null;
                for (int i = 0; i < runs; i++) {
                    long cpu = cpuNanos();
                    ref[i] = time(() -> plainOpenCv(reference, png));
                    refCpu[i] = (cpuNanos() - cpu) / 1e6;
                    var context = new ToolContext(loader.load(png, "bench.png"), out);
                    cpu = cpuNanos();
                    long start = System.nanoTime();
                    var found = tools.run(context, new ToolCall("d", "detect_objects", "{\"label\": \"face\"}"));
                    detect[i] = (System.nanoTime() - start) / 1e6;
                    detectCpu[i] = (cpuNanos() - cpu) / 1e6;
                    boxes = found.result().data().get("boxes").toString();
                    var drawContext = new ToolContext(loader.load(png, "bench.png"), out);
                    String arguments = "{\"boxes\": " + boxes + "}";
                    draw[i] = time(() -> tools.run(drawContext, new ToolCall("b", "draw_boxes", arguments)));
                    request[i] = time(() -> loupe.analyze(loader.load(png, "bench.png"),
                            AnalysisOptions.defaults().withQuestion("detect the faces and draw them")));
                }
                String label = size[0] + "×" + size[1];
                print(label, "OpenCV alone (reference)", ref);
                print(label, "detect_objects", detect);
                print(label, "reference, CPU time", refCpu);
                print(label, "detect_objects, CPU time", detectCpu);
                print(label, "draw_boxes", draw);
                print(label, "request (graph, offline)", request);
                System.out.printf(Locale.ROOT, "%-10s detect_objects / reference = %.2f× (p50), overhead %.1f ms%n", label,
                        median(detect) / median(ref), median(detect) - median(ref));
            }
        }
    }

    /**
     * CPU time of the whole process: on a machine shared with other work, wall-clock times stretch with
     * the load while CPU time stays close to what the work costs (it also counts the JIT and the
     * collector, so it errs high).
     */
    private static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static void plainOpenCv(Net net, byte[] png) {
        Mat image = Imgcodecs.imdecode(new MatOfByte(png), Imgcodecs.IMREAD_COLOR);
        int side = FaceModel.SHORT_RANGE.inputSide();
        double scale = side / (double) Math.max(image.cols(), image.rows());
        int width = (int) Math.round(image.cols() * scale);
        int height = (int) Math.round(image.rows() * scale);
        Mat shrunk = new Mat();
        Imgproc.resize(image, shrunk, new Size(width, height), 0, 0, Imgproc.INTER_AREA);
        Mat square = new Mat();
        Core.copyMakeBorder(shrunk, square, (side - height) / 2, side - height - (side - height) / 2, (side - width) / 2,
                side - width - (side - width) / 2, Core.BORDER_CONSTANT, new Scalar(0, 0, 0));
        Mat blob = Dnn.blobFromImage(square, 1 / 127.5, new Size(side, side), new Scalar(127.5, 127.5, 127.5), true, false);
        net.setInput(blob);
        List<Mat> outputs = new ArrayList<>();
        net.forward(outputs, net.getUnconnectedOutLayersNames());
        outputs.forEach(Mat::release);
        List.of(image, shrunk, square, blob).forEach(Mat::release);
    }

    private static byte[] png(BufferedImage source, int width, int height) throws Exception {
        BufferedImage scaled = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = scaled.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
        g.drawImage(source, 0, 0, width, height, null);
        g.dispose();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ImageIO.write(scaled, "png", bytes);
        return bytes.toByteArray();
    }

    private static double time(Runnable work) {
        long start = System.nanoTime();
        work.run();
        return (System.nanoTime() - start) / 1e6;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return nearestRank(sorted, 0.5);
    }

    private static void print(String size, String what, double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        System.out.printf(Locale.ROOT, "%-10s %-28s %8.1f %8.1f%n", size, what, nearestRank(sorted, 0.5),
                nearestRank(sorted, 0.95));
    }

    /** The nearest-rank percentile, as eval's {@code Percentiles} computes it (eval sits above this module). */
    private static double nearestRank(double[] sorted, double q) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int rank = (int) Math.ceil(q * sorted.length - 1e-9);
        return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
    }
}
