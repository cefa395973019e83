package dev.loupe.tool.forensic.jpeg;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loupe.tool.DefinedTool;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolDefinition;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.forensic.region.RegionArgument;

import java.io.IOException;
import java.util.function.Predicate;

/**
 * A tool that reads the shared pass' coefficients of a JPEG and takes an optional {@code region}
 * ({@code adq}, {@code jpeg_ghost}, {@code same_quantization}): it opens the file as
 * {@link RegionalCoefficients#read} does before its analysis runs, and a file or region that cannot be
 * read is refused the same way for every such tool. The region argument is added to its definition here.
 */
public abstract class RegionalCoefficientTool extends DefinedTool {

    private final String needsJpeg;
    private final String needsCoefficients;
    private final Predicate<CoefficientSummary> collected;

    /**
     * @param definition        the tool's name, version, description and fields
     * @param needsJpeg         begins the refusal of another format ("JPEG ghosts need a JPEG")
     * @param needsCoefficients begins the refusal of a file the pass could not decode
     * @param collected         whether the pass' summary holds what the tool reads
     */
    protected RegionalCoefficientTool(ToolDefinition.Builder definition, String needsJpeg, String needsCoefficients,
                                      Predicate<CoefficientSummary> collected) {
        super(definition.arguments(RegionArgument.TOOL_SCHEMA).build());
        this.needsJpeg = needsJpeg;
        this.needsCoefficients = needsCoefficients;
        this.collected = collected;
    }

    @Override
    public final ToolResult run(ToolContext context, JsonNode arguments) throws IOException {
        RegionalCoefficients input = RegionalCoefficients.read(context.image(), arguments, needsJpeg, needsCoefficients,
                collected);
        return input.refusal() != null ? input.refusal() : analyze(context, input);
    }

    /** Runs the tool on the file's coefficients, with the region it was given, if any. */
    protected abstract ToolResult analyze(ToolContext context, RegionalCoefficients input) throws IOException;
}
