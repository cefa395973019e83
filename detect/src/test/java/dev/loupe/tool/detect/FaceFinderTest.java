package dev.loupe.tool.detect;

import dev.loupe.image.ImageLimits;
import dev.loupe.image.ImageLoader;
import dev.loupe.image.LoadedImage;
import dev.loupe.testing.TestImages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** BlazeFace through OpenCV's DNN on a real photograph, and the box convention's fit. */
class FaceFinderTest {

    @TempDir
    Path dir;

    private LoadedImage reader() {
        return new ImageLoader(ImageLimits.defaults()).load(TestImages.copy(DetectGraphTest.READER, dir));
    }

    @Test
    void finds_the_readers_face_with_both_eyes_inside_it() {
        LoadedImage image = reader();

        List<FaceHit> hits = FaceFinder.hits(image.pixels());

        FaceHit face = hits.get(0);
        assertTrue(face.score() > 0.7, "score " + face.score());
        // The face a person drew on this picture: [781, 727, 1027, 905] of 1080 × 1920.
        FaceHit drawn = new FaceHit(1, 781, 727, 1027, 905, new double[12]);
        assertTrue(face.iou(drawn) > 0.5, "IoU " + face.iou(drawn));
        for (int eye : new int[] {FaceHit.RIGHT_EYE, FaceHit.LEFT_EYE}) {
            assertTrue(face.keypointX(eye) > face.x1() && face.keypointX(eye) < face.x2()
                    && face.keypointY(eye) > face.y1() && face.keypointY(eye) < (face.y1() + face.y2()) / 2, "eye " + eye);
        }
        assertTrue(face.keypointX(FaceHit.RIGHT_EYE) < face.keypointX(FaceHit.LEFT_EYE), "the person's right eye is on the picture's left");
    }

    @Test
    void eye_boxes_come_two_per_face_and_face_boxes_one() {
        LoadedImage image = reader();
        List<FaceHit> hits = FaceFinder.hits(image.pixels()).subList(0, 1);

        List<Box> eyes = FaceFinder.boxes(hits, DetectionTarget.EYE, FaceConvention.FITTED, image.width(), image.height());
        List<Box> faces = FaceFinder.boxes(hits, DetectionTarget.FACE, FaceConvention.FITTED, image.width(), image.height());

        assertEquals(2, eyes.size());
        assertEquals(1, faces.size());
        for (Box eye : eyes) {
            assertTrue(eye.x1() >= faces.get(0).x1() && eye.x2() <= faces.get(0).x2(), eye + " inside " + faces.get(0));
        }
    }

    @Test
    void a_blank_picture_has_no_face() {
        assertEquals(List.of(), FaceFinder.hits(new BufferedImage(320, 240, BufferedImage.TYPE_INT_RGB)));
    }

    @Test
    void the_fit_recovers_a_convention_the_pairs_were_made_with() {
        FaceConvention made = new FaceConvention(0.02, 0.05, 0.9, 0.8, 0.01, -0.01, 0.2, 0.12);
        FaceHit a = new FaceHit(0.9, 100, 100, 200, 200, new double[] {130, 140, 170, 140, 150, 160, 150, 180, 100, 150, 200, 150});
        FaceHit b = new FaceHit(0.8, 10, 20, 60, 70, new double[] {25, 35, 45, 36, 35, 45, 35, 55, 10, 40, 60, 40});
        List<FaceConvention.FacePair> faces = List.of(new FaceConvention.FacePair(a, made.face(a)), new FaceConvention.FacePair(b, made.face(b)));
        List<FaceConvention.EyePair> eyes = List.of(new FaceConvention.EyePair(a, FaceHit.RIGHT_EYE, made.eye(a, FaceHit.RIGHT_EYE)),
                new FaceConvention.EyePair(b, FaceHit.LEFT_EYE, made.eye(b, FaceHit.LEFT_EYE)));

        FaceConvention fitted = FaceConvention.fit(faces, eyes);

        double[] want = {0.02, 0.05, 0.9, 0.8, 0.01, -0.01, 0.2, 0.12};
        double[] got = {fitted.faceDx(), fitted.faceDy(), fitted.faceSx(), fitted.faceSy(), fitted.eyeOut(), fitted.eyeDy(),
                fitted.eyeW(), fitted.eyeH()};
        for (int i = 0; i < want.length; i++) {
            assertEquals(want[i], got[i], 1e-9, "parameter " + i);
        }
    }

    @Test
    void without_pairs_the_fit_keeps_the_models_own_boxes() {
        assertEquals(FaceConvention.MODEL, FaceConvention.fit(List.of(), List.of()));
    }
}
