package dev.loupe.tool.forensic.keypoints;

import org.opencv.core.Mat;

import java.util.Arrays;

/**
 * For every binary descriptor of a set (ORB's 256 bits), its nearest other descriptor of the same set
 * by Hamming distance, with that distance and the second-nearest other's: what the matcher's ratio
 * test reads. This is what OpenCV's brute-force {@code knnMatch(d, d, k = 3)} gives once each
 * descriptor's match with itself is dropped, computed here with each pair visited once and the
 * processor's popcount: OpenCV's generic matcher took 44 ms of the tool's 60 on a 24 MP photo's 2,000
 * keypoints, this takes a few.
 *
 * <p>Ties: when several others share the smallest distance, {@code second} equals {@code best} (the
 * ratio test then rejects the descriptor, as it does with OpenCV), so which of them is {@code nearest}
 * never matters.
 *
 * @param nearest index of the nearest other descriptor, -1 when there is none
 * @param best    Hamming distance to it, {@link Integer#MAX_VALUE} when there is none
 * @param second  Hamming distance to the second-nearest other, {@link Integer#MAX_VALUE} when there is none
 */
record NearestDescriptors(int[] nearest, int[] best, int[] second) {

    /** Nearest others among the rows of an 8-bit descriptor matrix (one descriptor per row). */
    static NearestDescriptors of(Mat descriptors) {
        int n = descriptors.rows();
        int bytes = descriptors.cols() * descriptors.channels();
        byte[] raw = new byte[n * bytes];
        if (n > 0) {
            descriptors.get(0, 0, raw);
        }
        return of(raw, n, bytes);
    }

    /** Nearest others among {@code n} descriptors of {@code bytes} bytes each, packed in {@code raw}. */
    static NearestDescriptors of(byte[] raw, int n, int bytes) {
        int words = (bytes + 7) / 8;
        long[] bits = new long[n * words];
        for (int i = 0; i < n; i++) {
            for (int b = 0; b < bytes; b++) {
                bits[i * words + b / 8] |= (raw[i * bytes + b] & 0xFFL) << (8 * (b % 8));
            }
        }
        int[] nearest = new int[n];
        int[] best = new int[n];
        int[] second = new int[n];
        Arrays.fill(nearest, -1);
        Arrays.fill(best, Integer.MAX_VALUE);
        Arrays.fill(second, Integer.MAX_VALUE);
        for (int i = 0; i < n; i++) {
            int a = i * words;
            for (int j = i + 1; j < n; j++) {
                int b = j * words;
                int d = 0;
                for (int w = 0; w < words; w++) {
                    d += Long.bitCount(bits[a + w] ^ bits[b + w]);
                }
                // a pair's distance counts for both of its descriptors
                if (d < second[i]) {
                    offer(i, j, d, nearest, best, second);
                }
                if (d < second[j]) {
                    offer(j, i, d, nearest, best, second);
                }
            }
        }
        return new NearestDescriptors(nearest, best, second);
    }

    private static void offer(int to, int other, int d, int[] nearest, int[] best, int[] second) {
        if (d < best[to]) {
            second[to] = best[to];
            best[to] = d;
            nearest[to] = other;
        } else {
            second[to] = d;
        }
    }

    int size() {
        return nearest.length;
    }
}
