package dev.loupe.tool.forensic.pixel;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loupe.core.LoupeException;
import dev.loupe.tool.DefinedTool;
import dev.loupe.tool.Tool;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolDefinition;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.forensic.jpeg.CoefficientPass;

import java.io.IOException;

/**
 * A tool that reads the image's pixels: it opens them ({@link PixelSource#of}) before its analysis
 * runs, and an image whose pixels cannot be had is the call's error, the same for every such tool.
 *
 * <p>A pixel tool gives its definition without the shared decode: it always reads a baseline JPEG's
 * planes from the coefficient pass, so this class declares {@link CoefficientPass#SHARED} for it.
 */
public abstract class PixelTool extends DefinedTool {

    /** {@code definition}: the tool's name, version, description and fields; the shared decode is added here. */
    protected PixelTool(ToolDefinition.Builder definition) {
        super(definition.sharedDecode(CoefficientPass.SHARED).build());
    }

    @Override
    public final ToolResult run(ToolContext context, JsonNode arguments) throws IOException {
        PixelSource pixels;
        try {
            pixels = PixelSource.of(context.image());
        } catch (LoupeException e) {
            return ToolResult.error(e.getMessage());
        }
        return analyze(context, arguments, pixels);
    }

    /** Runs the tool on the image's pixels; {@code arguments} are validated as {@link Tool#run} says. */
    protected abstract ToolResult analyze(ToolContext context, JsonNode arguments, PixelSource pixels) throws IOException;
}
