package dev.loupe.tool.forensic.keypoints;

import dev.loupe.image.jpeg.JpegFixtures;
import org.junit.jupiter.api.Test;
import org.opencv.core.CvType;
import org.opencv.core.DMatch;
import org.opencv.core.Mat;
import org.opencv.core.MatOfDMatch;
import org.opencv.core.MatOfKeyPoint;
import org.opencv.features2d.DescriptorMatcher;
import org.opencv.features2d.ORB;

import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NearestDescriptorsTest {

    @Test
    void finds_the_nearest_other_descriptor_and_the_second_distance() {
        byte[] raw = {
                0b0000_0000, 0,
                0b0000_0111, 0, // 3 bits from the first
                0b0000_0001, 0, // 1 bit from the first, 2 from the second
                (byte) 0xFF, (byte) 0xFF};
        NearestDescriptors n = NearestDescriptors.of(raw, 4, 2);

        assertArrayEquals(new int[] {2, 2, 0, 1}, n.nearest());
        assertArrayEquals(new int[] {1, 2, 1, 13}, n.best());
        assertArrayEquals(new int[] {3, 3, 2, 15}, n.second());
    }

    @Test
    void a_tie_for_the_nearest_makes_the_second_distance_equal_to_the_best() {
        byte[] raw = {0, 1, 2, 4}; // the first is one bit from each of the others
        NearestDescriptors n = NearestDescriptors.of(raw, 4, 1);

        assertEquals(1, n.best()[0]);
        assertEquals(1, n.second()[0]);
    }

    @Test
    void a_single_descriptor_has_no_other() {
        NearestDescriptors n = NearestDescriptors.of(new byte[32], 1, 32);

        assertEquals(-1, n.nearest()[0]);
        assertEquals(Integer.MAX_VALUE, n.best()[0]);
    }

    /** The matcher's accepted pairs are the same as with OpenCV's brute-force knnMatch (k = 3, self match dropped). */
    @Test
    void accepts_the_same_matches_as_opencv_knn_on_real_photos() {
        assertTrue(OpenCvRuntime.problem().isEmpty(), () -> OpenCvRuntime.problem().get());
        List<BufferedImage> photos = List.of(KeypointCopyMoveToolTest.cloned(30, 1.2),
                JpegFixtures.decode(JpegFixtures.resource(JpegFixtures.NIKON)),
                JpegFixtures.decode(JpegFixtures.resource(JpegFixtures.CANON)),
                JpegFixtures.decode(JpegFixtures.resource(JpegFixtures.OREGON)));
        int accepted = 0;
        for (BufferedImage photo : photos) {
            Mat descriptors = new Mat();
            ORB.create(KeypointMatcher.FEATURES).detectAndCompute(gray(photo), new Mat(), new MatOfKeyPoint(), descriptors);
            List<int[]> expected = withOpenCv(descriptors);
            List<int[]> actual = withNearestDescriptors(descriptors);

            assertEquals(expected.size(), actual.size());
            for (int i = 0; i < expected.size(); i++) {
                assertArrayEquals(expected.get(i), actual.get(i));
            }
            accepted += actual.size();
        }
        assertTrue(accepted > 50, "too few accepted matches to compare: " + accepted);
    }

    /** The ratio test as the matcher applied it to OpenCV's knnMatch before NearestDescriptors: the reference. */
    private static List<int[]> withOpenCv(Mat descriptors) {
        List<MatOfDMatch> knn = new ArrayList<>();
        DescriptorMatcher.create(DescriptorMatcher.BRUTEFORCE_HAMMING).knnMatch(descriptors, descriptors, knn, 3);
        List<int[]> pairs = new ArrayList<>();
        for (MatOfDMatch candidates : knn) {
            List<DMatch> others = new ArrayList<>();
            for (DMatch match : candidates.toArray()) {
                if (match.trainIdx != match.queryIdx) {
                    others.add(match);
                }
            }
            if (others.isEmpty() || others.get(0).distance > KeypointMatcher.MAX_DISTANCE || others.size() > 1
                    && others.get(0).distance >= KeypointMatcher.RATIO * others.get(1).distance) {
                continue;
            }
            pairs.add(new int[] {others.get(0).queryIdx, others.get(0).trainIdx});
        }
        return pairs;
    }

    private static List<int[]> withNearestDescriptors(Mat descriptors) {
        NearestDescriptors n = NearestDescriptors.of(descriptors);
        List<int[]> pairs = new ArrayList<>();
        for (int i = 0; i < n.size(); i++) {
            if (KeypointMatcher.accepts(n, i)) {
                pairs.add(new int[] {i, n.nearest()[i]});
            }
        }
        return pairs;
    }

    private static Mat gray(BufferedImage image) {
        byte[] bytes = new byte[image.getWidth() * image.getHeight()];
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                int rgb = image.getRGB(x, y);
                bytes[y * image.getWidth() + x] = (byte) ((((rgb >> 16) & 255) * 299 + ((rgb >> 8) & 255) * 587
                        + (rgb & 255) * 114) / 1000);
            }
        }
        Mat mat = new Mat(image.getHeight(), image.getWidth(), CvType.CV_8UC1);
        mat.put(0, 0, bytes);
        return mat;
    }
}
