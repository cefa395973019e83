package dev.loupe.graph;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.loupe.tool.Finding;
import dev.loupe.tool.Tool;
import dev.loupe.tool.ToolDefinition;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;

import java.awt.image.BufferedImage;
import java.util.List;

/** A small real tool for graph tests: the mean brightness of the image's pixels. */
final class BrightnessTool implements Tool {

    @Override
    public ToolDefinition definition() {
        return ToolDefinition.builder("brightness", "1").description("Mean brightness of the image, 0-255.")
                .arguments("{\"type\":\"object\",\"properties\":{\"step\":{\"type\":\"integer\",\"minimum\":1}},\"additionalProperties\":false}").build();
    }

    @Override
    public ToolResult run(ToolContext context, JsonNode arguments) {
        int step = arguments.path("step").asInt(1);
        BufferedImage pixels = context.image().pixels();
        double sum = 0;
        long n = 0;
        for (int y = 0; y < pixels.getHeight(); y += step) {
            for (int x = 0; x < pixels.getWidth(); x += step) {
                int p = pixels.getRGB(x, y);
                sum += (((p >> 16) & 0xff) + ((p >> 8) & 0xff) + (p & 0xff)) / 3.0;
                n++;
            }
        }
        var data = JsonNodeFactory.instance.objectNode().put("mean", sum / n);
        return ToolResult.ok(data, List.of(new Finding("brightness_measured", "mean brightness " + Math.round(sum / n))));
    }
}
