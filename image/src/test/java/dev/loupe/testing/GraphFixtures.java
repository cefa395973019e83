package dev.loupe.testing;

import javax.imageio.ImageIO;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Graphs that exist only as files, written by tests, and pictures whose shape and colour are known. */
public final class GraphFixtures {

    private GraphFixtures() {
    }

    /** A {@code caption} graph written as files: the describe graph's idea under another name, schema and prompts. */
    public static Path captionGraph(Path root) throws IOException {
        Files.createDirectories(root.resolve("graphs"));
        Files.createDirectories(root.resolve("prompts/caption"));
        Files.writeString(root.resolve("graphs/caption.yaml"), """
                name: caption
                description: A caption and the picture's shape, as files only.
                max_iterations: none
                tools: []
                vision: {max_side: 256, detail: low, pass_image_to_agent: true}
                prompts:
                  vision: prompts/caption/vision.md
                  agent: prompts/caption/agent.md
                  task: prompts/caption/task.md
                  structuring: prompts/caption/repair.md
                schema: graphs/caption.schema.json
                structuring:
                  enums:
                    shape: {values: {wide: [wide, landscape], tall: [tall, portrait], square: [square]}}
                policy:
                  kind: facts
                  fields: {shape: orientation, main_colour: dominant_colour, caption: summary}
                """);
        Files.writeString(root.resolve("graphs/caption.schema.json"), """
                {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
                 "required": ["shape", "main_colour", "caption"],
                 "properties": {"shape": {"enum": ["wide", "tall", "square"]}, "main_colour": {"type": "string"},
                                "caption": {"type": "string", "minLength": 1}}}
                """);
        Files.writeString(root.resolve("prompts/caption/vision.md"), "Describe the picture briefly. {{question}}\n");
        Files.writeString(root.resolve("prompts/caption/agent.md"),
                "Answer with a JSON block: {\"shape\": \"wide|tall|square\", \"main_colour\": \"…\", \"caption\": \"…\"}\n");
        Files.writeString(root.resolve("prompts/caption/task.md"), "{{visual_description}}\n{{question}}\n");
        Files.writeString(root.resolve("prompts/caption/repair.md"), "Fix this JSON: {{candidate}}\nErrors: {{errors}}\n");
        return root.resolve("graphs/caption.yaml");
    }

    /** A picture of one colour field with a known shape. */
    public static Path picture(Path dir, String name, int width, int height, Color colour) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setColor(colour);
        g.fillRect(0, 0, width, height);
        g.setColor(colour.darker());
        g.fillOval(width / 4, height / 4, width / 2, height / 2);
        g.dispose();
        Path file = dir.resolve(name);
        try {
            ImageIO.write(image, "png", file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }
}
