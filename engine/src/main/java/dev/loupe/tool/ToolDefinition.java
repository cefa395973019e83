package dev.loupe.tool;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a tool is, as the model, the fingerprint and the result see it: the one way a tool describes
 * itself. Most tools keep theirs in a constant made with {@link #builder}.
 *
 * @param name           the name the model calls the tool by: lower case, digits and underscores
 * @param version        recorded in each thread's fingerprint; change it when results change
 * @param description    what the tool does and when to use it, written for a model
 * @param argumentSchema the JSON Schema (draft 2020-12) of the tool's arguments, as text
 * @param modelFields    the fields of a result's {@code data} a model needs beside the findings, as
 *                       dotted paths ({@code exif.software}), or {@link Tool#ALL_FIELDS}; empty: the
 *                       findings say it all. Only what the model reads is trimmed ({@link ModelView}).
 * @param detailFields   the fields of a result's {@code data} the analysis result keeps in its tool
 *                       details (what {@code --json}, the API and the page show beside the findings),
 *                       for structured results an examiner reads field by field
 * @param sharedDecode   the decode of the image this tool shares with others, when it reads one: a
 *                       graph with such a tool pays for that decode anyway, and makes the image it
 *                       sends its models from it
 */
public record ToolDefinition(String name, String version, String description, String argumentSchema,
                             List<String> modelFields, List<String> detailFields, Optional<SharedDecode> sharedDecode) {

    public ToolDefinition {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(argumentSchema, "argumentSchema");
        description = description == null ? "" : description;
        modelFields = List.copyOf(modelFields);
        detailFields = List.copyOf(detailFields);
        Objects.requireNonNull(sharedDecode, "sharedDecode");
    }

    /**
     * A definition that starts with no arguments, every data field for the model, no detail fields
     * and no shared decode.
     */
    public static Builder builder(String name, String version) {
        return new Builder(name, version);
    }

    /** Builds a {@link ToolDefinition}; each setter says what differs from the defaults. */
    public static final class Builder {
        private final String name;
        private final String version;
        private String description = "";
        private String argumentSchema = Tool.NO_ARGUMENTS;
        private List<String> modelFields = Tool.ALL_FIELDS;
        private List<String> detailFields = List.of();
        private SharedDecode sharedDecode;

        private Builder(String name, String version) {
            this.name = name;
            this.version = version;
        }

        public Builder description(String description) {
            this.description = description;
            return this;
        }

        public Builder arguments(String argumentSchema) {
            this.argumentSchema = argumentSchema;
            return this;
        }

        /** The data fields a model reads beside the findings. */
        public Builder modelFields(String... paths) {
            this.modelFields = List.of(paths);
            return this;
        }

        /** The findings state all a model weighs: it reads none of the data. */
        public Builder findingsOnly() {
            this.modelFields = List.of();
            return this;
        }

        public Builder detailFields(String... paths) {
            this.detailFields = List.of(paths);
            return this;
        }

        public Builder sharedDecode(SharedDecode decode) {
            this.sharedDecode = decode;
            return this;
        }

        public ToolDefinition build() {
            return new ToolDefinition(name, version, description, argumentSchema, modelFields, detailFields,
                    Optional.ofNullable(sharedDecode));
        }
    }
}
