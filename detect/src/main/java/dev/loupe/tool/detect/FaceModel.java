package dev.loupe.tool.detect;

import java.util.ArrayList;
import java.util.List;

/**
 * MediaPipe's BlazeFace face detector as shipped by the npm package {@code @mediapipe/face_detection}
 * 0.4.1657300184 (Apache-2.0, see {@code models/NOTICE}), with the SSD anchor layout of its MediaPipe
 * graph ({@code face_detection_short_range.pbtxt}): the model predicts, for every anchor, a
 * score and a box plus six keypoints as offsets from the anchor's centre in input pixels.
 */
enum FaceModel {
    /** 128 px input, faces that fill a good part of the picture (selfies, portraits). */
    SHORT_RANGE("face_detection_short_range.tflite", 128, new int[] {8, 16, 16, 16}, 2);

    /** Values per anchor: the box's centre and size, then six (x, y) keypoints. */
    static final int VALUES = 16;

    private final String resource;
    private final int inputSide;
    private final int[] strides;
    private final int anchorsPerLayer;

    FaceModel(String resource, int inputSide, int[] strides, int anchorsPerLayer) {
        this.resource = resource;
        this.inputSide = inputSide;
        this.strides = strides;
        this.anchorsPerLayer = anchorsPerLayer;
    }

    String resource() {
        return "models/" + resource;
    }

    int inputSide() {
        return inputSide;
    }

    /**
     * Anchor centres as {@code [x, y]} in [0, 1] of the input, in the model's output order: layers of
     * the same stride share one grid (MediaPipe's {@code SsdAnchorsCalculator} with a fixed anchor size),
     * row by row, every anchor of a cell in turn.
     */
    List<double[]> anchors() {
        List<double[]> anchors = new ArrayList<>();
        int layer = 0;
        while (layer < strides.length) {
            int stride = strides[layer];
            int perCell = 0;
            while (layer < strides.length && strides[layer] == stride) {
                perCell += anchorsPerLayer;
                layer++;
            }
            int cells = (int) Math.ceil(inputSide / (double) stride);
            for (int y = 0; y < cells; y++) {
                for (int x = 0; x < cells; x++) {
                    for (int a = 0; a < perCell; a++) {
                        anchors.add(new double[] {(x + 0.5) / cells, (y + 0.5) / cells});
                    }
                }
            }
        }
        return anchors;
    }
}
