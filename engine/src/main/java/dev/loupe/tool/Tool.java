package dev.loupe.tool;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;
import java.util.Optional;

/**
 * One analysis a model can ask for: a name, a description written for the model, a JSON Schema
 * for its arguments, and a deterministic function of the image and the arguments.
 *
 * <p>Implementations are found with {@link java.util.ServiceLoader}: list the class in
 * {@code META-INF/services/dev.loupe.tool.Tool} and it is available without recompiling Loupe.
 * They need a public no-argument constructor and must be thread-safe: one instance serves every
 * analysis.
 *
 * <p>Arguments have already been validated against {@link #argumentSchema()} when {@link #run} is
 * called. Hostile or unusual input is a result ({@link ToolResult#error} or
 * {@link ToolResult#notApplicable}), not an exception; an exception is treated as a bug in the tool
 * and reported to the model as an error result.
 */
public interface Tool {

    /** The path that names every field of a result's data. */
    String ALL = "*";

    /** Every field of a result's data: what {@link #modelFields()} gives unless a tool says otherwise. */
    List<String> ALL_FIELDS = List.of(ALL);

    /** The name the model calls the tool by: lower case, digits and underscores. */
    String name();

    /** What the tool does and when to use it, written for a model. */
    String description();

    /** The tool's version, recorded in each thread's fingerprint; change it when results change. */
    String version();

    /** The argument schema of a tool that takes no arguments. */
    String NO_ARGUMENTS = "{\"type\":\"object\",\"properties\":{},\"additionalProperties\":false}";

    /** The JSON Schema (draft 2020-12) of the tool's arguments, as text. */
    String argumentSchema();

    /**
     * The fields of a result's {@code data} a model needs beside the findings, as dotted paths
     * ({@code exif.software}), or {@link #ALL_FIELDS}; an empty list: the findings say it all. Only
     * what the model reads is trimmed ({@link ModelView}); the result keeps everything.
     */
    default List<String> modelFields() {
        return ALL_FIELDS;
    }

    /**
     * The fields of a result's {@code data} the analysis result keeps in its tool details (what
     * {@code --json}, the API and the page show beside the findings), as dotted paths; none by
     * default, since the findings say what a tool found. For structured results an examiner reads
     * field by field, such as a content-credential validation.
     */
    default List<String> detailFields() {
        return List.of();
    }

    /** Runs the tool on the analysis' image. */
    ToolResult run(ToolContext context, JsonNode arguments) throws Exception;

    /**
     * The decode of the image this tool shares with others, when it reads one: a graph with such a
     * tool pays for that decode anyway, and makes the image it sends its models from it.
     */
    default Optional<SharedDecode> sharedDecode() {
        return Optional.empty();
    }
}
