package dev.loupe;

import dev.loupe.checkpoint.StoreLocation;
import dev.loupe.image.ImageLoader;
import dev.loupe.image.LoadedImage;
import dev.loupe.tool.forensic.jpeg.CoefficientPass;
import dev.loupe.tool.forensic.jpeg.CoefficientSummary;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * What the tools decoded of an image is let go when its analysis ends, not when a collection
 * happens to notice the image has gone: between analyses a server holds no planes of past images.
 */
class SharedDecodeReleaseTest {

    @Test
    void the_coefficient_pass_of_an_analysed_image_is_released_when_the_analysis_ends() {
        LoadedImage image = new ImageLoader().load(Path.of("evaluation/samples/camera-original.jpg"));
        CoefficientSummary before = CoefficientPass.of(image);
        assertSame(before, CoefficientPass.of(image), "held while nothing releases it");

        try (Loupe loupe = Loupe.builder().store(StoreLocation.parse("memory")).build()) {
            loupe.analyze(image, AnalysisOptions.defaults());
        }

        assertNotSame(before, CoefficientPass.of(image), "decoded again after the analysis released it");
        CoefficientPass.release(image);
    }
}
