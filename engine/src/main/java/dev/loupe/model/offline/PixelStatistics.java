package dev.loupe.model.offline;

import java.awt.image.BufferedImage;
import java.util.Locale;

/** What the offline describer measures in the pixels it is sent. */
record PixelStatistics(int width, int height, double meanRed, double meanGreen, double meanBlue, double brightness,
                       double contrast, double saturation, double edgeDensity) {

    static PixelStatistics of(BufferedImage image) {
        int w = image.getWidth();
        int h = image.getHeight();
        int[] rgb = packedRgb(image);
        double sumR = 0, sumG = 0, sumB = 0, sumL = 0, sumL2 = 0, sumS = 0;
        long edges = 0;
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int p = rgb[y * w + x];
                int r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;
                double l = 0.299 * r + 0.587 * g + 0.114 * b;
                sumR += r;
                sumG += g;
                sumB += b;
                sumL += l;
                sumL2 += l * l;
                int max = Math.max(r, Math.max(g, b)), min = Math.min(r, Math.min(g, b));
                sumS += max == 0 ? 0 : (max - min) / (double) max;
                if (x + 1 < w && Math.abs(l - luma(rgb[y * w + x + 1])) > 24) {
                    edges++;
                }
            }
        }
        double n = (double) w * h;
        double mean = sumL / n;
        return new PixelStatistics(w, h, sumR / n, sumG / n, sumB / n, mean,
                Math.sqrt(Math.max(0, sumL2 / n - mean * mean)), sumS / n, edges / n);
    }

    /**
     * The pixels as {@code 0xRRGGBB}; a decoded JPEG's 3-byte BGR raster is read directly, which is
     * many times faster than {@link BufferedImage#getRGB} converting pixel by pixel.
     */
    private static int[] packedRgb(BufferedImage image) {
        int w = image.getWidth();
        int h = image.getHeight();
        if (image.getType() != BufferedImage.TYPE_3BYTE_BGR
                || !(image.getRaster().getDataBuffer() instanceof java.awt.image.DataBufferByte buffer)
                || buffer.getNumBanks() != 1 || buffer.getData().length != w * h * 3) {
            return image.getRGB(0, 0, w, h, null, 0, w);
        }
        byte[] bgr = buffer.getData();
        int[] rgb = new int[w * h];
        for (int i = 0, j = 0; i < rgb.length; i++, j += 3) {
            rgb[i] = (bgr[j + 2] & 0xff) << 16 | (bgr[j + 1] & 0xff) << 8 | (bgr[j] & 0xff);
        }
        return rgb;
    }

    private static double luma(int p) {
        return 0.299 * ((p >> 16) & 0xff) + 0.587 * ((p >> 8) & 0xff) + 0.114 * (p & 0xff);
    }

    String describe() {
        String tone = brightness < 70 ? "dark" : brightness > 185 ? "bright" : "mid-toned";
        String colour = saturation < 0.05 ? "greyscale or nearly so" : saturation < 0.25 ? "muted colours" : "saturated colours";
        String cast = meanRed > meanBlue + 20 ? ", warm cast" : meanBlue > meanRed + 20 ? ", cool cast" : "";
        String detail = edgeDensity > 0.12 ? "much fine detail" : edgeDensity > 0.03 ? "moderate detail" : "smooth, little detail";
        return String.format(Locale.ROOT,
                "A %s image with %s%s and %s (sent at %d x %d px). Mean RGB %.0f/%.0f/%.0f, brightness %.0f/255, "
                        + "contrast (luma standard deviation) %.1f, mean saturation %.2f, edge density %.3f.",
                tone, colour, cast, detail, width, height, meanRed, meanGreen, meanBlue, brightness, contrast, saturation,
                edgeDensity);
    }
}
