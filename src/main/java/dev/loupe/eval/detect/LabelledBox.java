package dev.loupe.eval.detect;

import dev.loupe.core.LoupeException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One box a person drew, in pixels of its image.
 *
 * @param image the image's file name, relative to the manifest's {@code images/} folder
 */
public record LabelledBox(String image, String label, double x1, double y1, double x2, double y2) {

    /** The rows of a manifest: {@code image,label,x1,y1,x2,y2}, a header, {@code #} comments. */
    public static List<LabelledBox> read(Path manifest) {
        List<String> lines;
        try {
            lines = Files.readAllLines(manifest);
        } catch (IOException e) {
            throw LoupeException.badInput(manifest + ": cannot be read (" + e.getMessage() + ")");
        }
        List<LabelledBox> boxes = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).trim();
            if (line.isEmpty() || line.startsWith("#") || line.startsWith("image,")) {
                continue;
            }
            String[] cells = line.split(",");
            if (cells.length != 6) {
                throw LoupeException.badInput(manifest + " line " + (i + 1) + ": expected image,label,x1,y1,x2,y2");
            }
            try {
                boxes.add(new LabelledBox(cells[0].trim(), cells[1].trim(), Double.parseDouble(cells[2]),
                        Double.parseDouble(cells[3]), Double.parseDouble(cells[4]), Double.parseDouble(cells[5])));
            } catch (NumberFormatException e) {
                throw LoupeException.badInput(manifest + " line " + (i + 1) + ": the corners must be numbers");
            }
        }
        if (boxes.isEmpty()) {
            throw LoupeException.badInput(manifest + ": no labelled boxes");
        }
        return boxes;
    }
}
