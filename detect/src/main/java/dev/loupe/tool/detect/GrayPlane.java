package dev.loupe.tool.detect;

import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Size;
import org.opencv.imgproc.Imgproc;

import java.awt.image.BufferedImage;

/**
 * An image's luminance as an OpenCV matrix, shrunk so its longer side is at most {@code maxSide}
 * (area averaging) and histogram-equalised, which is what Haar cascades were trained on. Detection
 * cost grows with the pixel count; faces stay findable down to about 20 pixels at this scale.
 */
final class GrayPlane {

    private GrayPlane() {
    }

    static Mat of(BufferedImage image, int maxSide) {
        int width = image.getWidth();
        int height = image.getHeight();
        byte[] luma = new byte[width * height];
        int[] row = new int[width];
        for (int y = 0; y < height; y++) {
            image.getRGB(0, y, width, 1, row, 0, width);
            int offset = y * width;
            for (int x = 0; x < width; x++) {
                int p = row[x];
                // BT.601 luma in integers, as OpenCV's own RGB→gray conversion.
                luma[offset + x] = (byte) ((((p >> 16) & 0xff) * 4899 + ((p >> 8) & 0xff) * 9617 + (p & 0xff) * 1868 + 8192) >> 14);
            }
        }
        Mat full = new Mat(height, width, CvType.CV_8UC1);
        full.put(0, 0, luma);
        double scale = Math.min(1.0, maxSide / (double) Math.max(width, height));
        Mat work = full;
        if (scale < 1.0) {
            work = new Mat();
            Imgproc.resize(full, work, new Size(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale))),
                    0, 0, Imgproc.INTER_AREA);
            full.release();
        }
        Imgproc.equalizeHist(work, work);
        return work;
    }
}
