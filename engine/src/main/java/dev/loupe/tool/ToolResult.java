package dev.loupe.tool;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;
import java.util.Objects;

/**
 * A tool's answer: a status, numbers a model can reason over ({@code data}), the findings a policy
 * weighs, an error message when it did not run, and the paths of any pictures it wrote.
 */
public record ToolResult(ToolStatus status, ObjectNode data, List<Finding> findings, String error, List<String> artifacts) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public ToolResult {
        Objects.requireNonNull(status, "status");
        data = data == null ? JsonNodeFactory.instance.objectNode() : data;
        findings = findings == null ? List.of() : List.copyOf(findings);
        artifacts = artifacts == null ? List.of() : List.copyOf(artifacts);
    }

    /** The tool ran: its measurements and the findings it draws from them. */
    public static ToolResult ok(ObjectNode data, List<Finding> findings) {
        return new ToolResult(ToolStatus.OK, data, findings, null, List.of());
    }

    /** The tool ran and wrote pictures (paths under the run's artefact folder). */
    public static ToolResult ok(ObjectNode data, List<Finding> findings, List<String> artifacts) {
        return new ToolResult(ToolStatus.OK, data, findings, null, artifacts);
    }

    /** The tool has nothing to say about this image (no EXIF, not a JPEG …); {@code reason} says why. */
    public static ToolResult notApplicable(String reason) {
        return new ToolResult(ToolStatus.NOT_APPLICABLE, null, List.of(), reason, List.of());
    }

    /** The tool could not run on this input; the model sees {@code message} and may try otherwise. */
    public static ToolResult error(String message) {
        return new ToolResult(ToolStatus.ERROR, null, List.of(), message, List.of());
    }

    /** The result as the JSON object the model reads: status, findings, data, error, artifacts. */
    public ObjectNode toJson() {
        ObjectNode node = JSON.createObjectNode();
        node.put("status", status.wireName());
        var list = node.putArray("findings");
        for (Finding finding : findings) {
            list.addObject().put("code", finding.code()).put("detail", finding.detail());
        }
        node.set("data", data);
        if (error != null) {
            node.put("error", error);
        }
        if (!artifacts.isEmpty()) {
            var paths = node.putArray("artifacts");
            artifacts.forEach(paths::add);
        }
        return node;
    }
}
