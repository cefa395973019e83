package dev.loupe.tool;

import dev.loupe.image.LoadedImage;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * What a tool sees besides its arguments: the image under analysis and, when the run has an output
 * folder, where to write pictures (heatmaps, overlays), and the thread the analysis runs under
 * (tools that keep a per-thread cache, such as {@code web_fetch}, key it by this).
 *
 * @param image       the image under analysis
 * @param artifactDir the folder for this analysis' artefacts, or null when none are wanted
 * @param threadId    the analysis' thread id, or null outside a graph run
 */
public record ToolContext(LoadedImage image, Path artifactDir, String threadId) {

    public ToolContext {
        Objects.requireNonNull(image, "image");
    }

    public ToolContext(LoadedImage image, Path artifactDir) {
        this(image, artifactDir, null);
    }

    /** A context for {@code image} with nowhere to write pictures. */
    public static ToolContext of(LoadedImage image) {
        return new ToolContext(image, null);
    }

    /** The artefact folder, when pictures are wanted. */
    public Optional<Path> artifacts() {
        return Optional.ofNullable(artifactDir);
    }
}
