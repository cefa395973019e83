package dev.loupe.tool.detect;

import org.opencv.core.Core;
import org.opencv.core.Mat;
import org.opencv.core.MatOfByte;
import org.opencv.core.Scalar;
import org.opencv.core.Size;
import org.opencv.dnn.Dnn;
import org.opencv.dnn.Net;
import org.opencv.imgproc.Imgproc;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Faces with MediaPipe's BlazeFace network run by OpenCV's DNN module (which reads TFLite files):
 * the image is shrunk (area averaging) and centred on a black square of the model's input size, as
 * MediaPipe's own graph does, every anchor is decoded to a box and six keypoints, and overlapping
 * detections are blended ({@link WeightedNms}). Boxes come back in pixels of the original image.
 *
 * <p>A {@link Net} keeps its buffers between calls, so each thread gets its own; the model bytes are
 * read from the jar once.
 */
final class BlazeFaceDetector {

    /** MediaPipe's overlap threshold for blending detections of one face. */
    private static final double BLEND_OVERLAP = 0.3;
    private static final Map<FaceModel, byte[]> MODEL_BYTES = new EnumMap<>(FaceModel.class);
    private static final ThreadLocal<Map<FaceModel, Net>> NETS = ThreadLocal.withInitial(() -> new EnumMap<>(FaceModel.class));

    private final FaceModel model;
    private final List<double[]> anchors;

    BlazeFaceDetector(FaceModel model) {
        this.model = model;
        this.anchors = model.anchors();
    }

    /** Faces scoring at least {@code minScore}, strongest first, in pixels of {@code image} (8-bit BGR). */
    List<FaceHit> detect(Mat image, double minScore) {
        int side = model.inputSide();
        double scale = side / (double) Math.max(image.cols(), image.rows());
        int width = Math.max(1, (int) Math.round(image.cols() * scale));
        int height = Math.max(1, (int) Math.round(image.rows() * scale));
        int left = (side - width) / 2;
        int top = (side - height) / 2;
        Mat input = letterboxed(image, width, height, left, top, side);
        Mat blob = Dnn.blobFromImage(input, 1 / 127.5, new Size(side, side), new Scalar(127.5, 127.5, 127.5), true, false);
        List<Mat> outputs = new ArrayList<>();
        try {
            Net net = net();
            net.setInput(blob);
            net.forward(outputs, net.getUnconnectedOutLayersNames());
            Mat scores = outputs.get(0).size(2) == 1 ? outputs.get(0) : outputs.get(1);
            Mat regressors = scores == outputs.get(0) ? outputs.get(1) : outputs.get(0);
            float[] score = new float[anchors.size()];
            float[] values = new float[anchors.size() * FaceModel.VALUES];
            scores.reshape(1, 1).get(0, 0, score);
            regressors.reshape(1, 1).get(0, 0, values);
            double toImageX = image.cols() / (double) width;
            double toImageY = image.rows() / (double) height;
            List<FaceHit> hits = new ArrayList<>();
            for (int a = 0; a < anchors.size(); a++) {
                double probability = 1 / (1 + Math.exp(-Math.max(-100, Math.min(100, score[a]))));
                if (probability < minScore) {
                    continue;
                }
                hits.add(decode(probability, anchors.get(a), values, a * FaceModel.VALUES, side, left, top, toImageX, toImageY));
            }
            return WeightedNms.apply(hits, BLEND_OVERLAP);
        } finally {
            input.release();
            blob.release();
            outputs.forEach(Mat::release);
        }
    }

    private static FaceHit decode(double score, double[] anchor, float[] v, int at, int side, int left, int top,
                                  double toImageX, double toImageY) {
        double cx = anchor[0] * side + v[at];
        double cy = anchor[1] * side + v[at + 1];
        double w = v[at + 2];
        double h = v[at + 3];
        double[] keypoints = new double[12];
        for (int k = 0; k < 6; k++) {
            keypoints[2 * k] = (anchor[0] * side + v[at + 4 + 2 * k] - left) * toImageX;
            keypoints[2 * k + 1] = (anchor[1] * side + v[at + 5 + 2 * k] - top) * toImageY;
        }
        return new FaceHit(score, (cx - w / 2 - left) * toImageX, (cy - h / 2 - top) * toImageY,
                (cx + w / 2 - left) * toImageX, (cy + h / 2 - top) * toImageY, keypoints);
    }

    /** The image shrunk to {@code width × height} and centred on a black {@code side}-pixel square, BGR. */
    private static Mat letterboxed(Mat image, int width, int height, int left, int top, int side) {
        Mat shrunk = new Mat();
        Imgproc.resize(image, shrunk, new Size(width, height), 0, 0, Imgproc.INTER_AREA);
        Mat square = new Mat();
        Core.copyMakeBorder(shrunk, square, top, side - height - top, left, side - width - left, Core.BORDER_CONSTANT,
                new Scalar(0, 0, 0));
        shrunk.release();
        return square;
    }

    private Net net() {
        return NETS.get().computeIfAbsent(model, m -> {
            Net net = Dnn.readNetFromTFLite(new MatOfByte(bytes(m)));
            if (net.empty()) {
                throw new IllegalStateException("the face model " + m.resource() + " did not load");
            }
            return net;
        });
    }

    /** The model file's bytes, read from the jar once. */
    static synchronized byte[] bytes(FaceModel model) {
        return MODEL_BYTES.computeIfAbsent(model, m -> {
            try (InputStream in = BlazeFaceDetector.class.getResourceAsStream(m.resource())) {
                if (in == null) {
                    throw new IllegalStateException("the face model " + m.resource() + " is missing from the jar");
                }
                return in.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the face model " + m.resource() + ": " + e.getMessage(), e);
            }
        });
    }
}
