package dev.loupe.tool;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;

/**
 * One analysis a model can ask for: a name, a description written for the model, a JSON Schema
 * for its arguments, and a deterministic function of the image and the arguments.
 *
 * <p>Implementations are found with {@link java.util.ServiceLoader}: list the class in
 * {@code META-INF/services/dev.loupe.tool.Tool} and it is available without recompiling Loupe.
 * They need a public no-argument constructor and must be thread-safe: one instance serves every
 * analysis.
 *
 * <p>Arguments have already been validated against the {@link ToolDefinition#argumentSchema() argument schema} when {@link #run} is
 * called. Hostile or unusual input is a result ({@link ToolResult#error} or
 * {@link ToolResult#notApplicable}), not an exception; an exception is treated as a bug in the tool
 * and reported to the model as an error result.
 */
public interface Tool {

    /** The path that names every field of a result's data. */
    String ALL = "*";

    /** Every field of a result's data: what {@link ToolDefinition#modelFields()} holds unless a tool says otherwise. */
    List<String> ALL_FIELDS = List.of(ALL);

    /** The argument schema of a tool that takes no arguments. */
    String NO_ARGUMENTS = "{\"type\":\"object\",\"properties\":{},\"additionalProperties\":false}";

    /** What the tool is: its name, version, description for the model, argument schema and fields. */
    ToolDefinition definition();

    /** The name the model calls the tool by (its {@link #definition()}'s). */
    default String name() {
        return definition().name();
    }

    /** Runs the tool on the analysis' image. */
    ToolResult run(ToolContext context, JsonNode arguments) throws Exception;
}
