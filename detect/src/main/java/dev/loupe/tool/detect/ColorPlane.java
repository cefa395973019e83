package dev.loupe.tool.detect;

import org.opencv.core.CvType;
import org.opencv.core.Mat;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;

/** An image's pixels as an OpenCV 8-bit BGR matrix, the layout OpenCV's DNN preprocessing expects. */
final class ColorPlane {

    private ColorPlane() {
    }

    static Mat bgr(BufferedImage image) {
        int width = image.getWidth();
        int height = image.getHeight();
        Mat mat = new Mat(height, width, CvType.CV_8UC3);
        if (image.getType() == BufferedImage.TYPE_3BYTE_BGR && image.getRaster().getDataBuffer() instanceof DataBufferByte bytes
                && bytes.getData().length == width * height * 3) {
            // What ImageIO's JPEG reader returns: the bytes are already in OpenCV's order.
            mat.put(0, 0, bytes.getData());
            return mat;
        }
        byte[] bgr = new byte[width * 3];
        int[] row = new int[width];
        for (int y = 0; y < height; y++) {
            image.getRGB(0, y, width, 1, row, 0, width);
            for (int x = 0; x < width; x++) {
                int p = row[x];
                bgr[3 * x] = (byte) p;
                bgr[3 * x + 1] = (byte) (p >> 8);
                bgr[3 * x + 2] = (byte) (p >> 16);
            }
            mat.put(y, 0, bgr);
        }
        return mat;
    }
}
