package dev.loupe.tool;

import dev.loupe.image.LoadedImage;

import java.nio.file.Path;
import java.util.Optional;

/**
 * What a tool sees besides its arguments: the image under analysis and, when the run has an output
 * folder, where to write pictures (heatmaps, overlays), and the thread the analysis runs under
 * (tools that keep a per-thread cache, such as {@code web_fetch}, key it by this).
 *
 * @param image       the image under analysis, or null in a run without one (a prompt-only agent run)
 * @param artifactDir the folder for this analysis' artefacts, or null when none are wanted
 * @param threadId    the analysis' thread id, or null outside a graph run
 * @param resources   what the Loupe instance running the tool shares with its tools (its knowledge
 *                    base, say); none outside a Loupe instance
 */
public record ToolContext(LoadedImage image, Path artifactDir, String threadId, ToolResources resources) {

    public ToolContext {
        resources = resources == null ? ToolResources.none() : resources;
    }

    public ToolContext(LoadedImage image, Path artifactDir, String threadId) {
        this(image, artifactDir, threadId, ToolResources.none());
    }

    /**
     * The image under analysis.
     *
     * @throws IllegalStateException in a run without an image: the executor turns it into the
     *                               call's error, so the model reads why the tool could not run
     */
    @Override
    public LoadedImage image() {
        if (image == null) {
            throw new IllegalStateException("this tool needs an image and this run has none; run again with an image");
        }
        return image;
    }

    /** Whether the run has an image (tools that need none, such as web_fetch, run either way). */
    public boolean hasImage() {
        return image != null;
    }

    public ToolContext(LoadedImage image, Path artifactDir) {
        this(image, artifactDir, null);
    }

    /** A context for {@code image} with nowhere to write pictures. */
    public static ToolContext of(LoadedImage image) {
        return new ToolContext(image, null);
    }

    /** This context with {@code shared} as its resources. */
    public ToolContext withResources(ToolResources shared) {
        return new ToolContext(image, artifactDir, threadId, shared);
    }

    /** The artefact folder, when pictures are wanted. */
    public Optional<Path> artifacts() {
        return Optional.ofNullable(artifactDir);
    }
}
