package dev.loupe.tool.forensic.pixel;

import dev.loupe.core.LoupeException;
import dev.loupe.core.SafeName;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Writes a tool's picture as a PNG into the run's artefact folder, when there is one. */
public final class PngArtifact {

    private PngArtifact() {
    }

    /**
     * Writes {@code picture} as {@code directory/fileName}; returns the path written, or an empty list
     * when no folder was given. A failed write is not a failed analysis: it is reported in {@code problems},
     * as is a name that would not stay inside the folder.
     */
    public static List<String> write(Path directory, String fileName, BufferedImage picture, List<String> problems) {
        if (directory == null) {
            return List.of();
        }
        Path target;
        try {
            target = SafeName.inside(directory, fileName);
        } catch (LoupeException e) {
            problems.add(e.getMessage());
            return List.of();
        }
        try {
            Files.createDirectories(directory);
            if (!ImageIO.write(picture, "png", target.toFile())) {
                problems.add("no PNG writer available for " + fileName);
                return List.of();
            }
            return List.of(target.toString());
        } catch (IOException e) {
            problems.add("could not write " + target + ": " + e.getMessage());
            return List.of();
        }
    }

    /** The factor by which a picture of the given size must shrink to fit {@code maxSide} (at least 1). */
    public static int shrinkFactor(int width, int height, int maxSide) {
        int longest = Math.max(width, height);
        return Math.max(1, (longest + maxSide - 1) / maxSide);
    }
}
