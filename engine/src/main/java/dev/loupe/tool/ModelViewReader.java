package dev.loupe.tool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a tool result message back into a {@link ToolResult}: the offline policies decide from the
 * same findings and data the model was shown. Reads the compact {@link ModelView} and, for threads
 * checkpointed before it, the JSON object results used to be ({@code status}, {@code findings} of
 * {@code code}/{@code detail}, {@code data}, {@code error}). Artefacts are not part of either.
 */
public final class ModelViewReader {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern NOT_RUN = Pattern.compile("\\[(error|not_applicable)] ?(.*)", Pattern.DOTALL);
    private static final Pattern FINDING = Pattern.compile("([A-Za-z0-9_.\\-]+): (.*)");

    private ModelViewReader() {
    }

    /** The result the text states; text in neither form reads as an error result that quotes it. */
    public static ToolResult read(String text) {
        String trimmed = text == null ? "" : text.strip();
        Matcher notRun = NOT_RUN.matcher(trimmed);
        if (notRun.matches()) {
            return new ToolResult(ToolStatus.valueOf(notRun.group(1).toUpperCase(Locale.ROOT)), null, List.of(),
                    notRun.group(2), List.of());
        }
        if (trimmed.startsWith("{\"status\"")) {
            return fromJson(trimmed);
        }
        List<Finding> findings = new ArrayList<>();
        ObjectNode data = null;
        for (String line : trimmed.split("\\R")) {
            Matcher finding = FINDING.matcher(line);
            if (line.startsWith("{")) {
                data = object(line);
            } else if (finding.matches()) {
                findings.add(new Finding(finding.group(1), finding.group(2)));
            } else if (!line.isBlank() && !line.equals(ModelView.NO_FINDINGS) && !line.startsWith("(omitted: ")) {
                return ToolResult.error("unreadable result: " + line);
            }
        }
        return ToolResult.ok(data, findings);
    }

    private static ToolResult fromJson(String text) {
        JsonNode json;
        try {
            json = JSON.readTree(text);
        } catch (Exception e) {
            return ToolResult.error("unreadable result");
        }
        List<Finding> findings = new ArrayList<>();
        for (JsonNode finding : json.path("findings")) {
            String code = finding.path("code").asText();
            if (!code.isEmpty()) {
                findings.add(new Finding(code, finding.path("detail").asText(code)));
            }
        }
        ToolStatus status = switch (json.path("status").asText()) {
            case "ok" -> ToolStatus.OK;
            case "not_applicable" -> ToolStatus.NOT_APPLICABLE;
            default -> ToolStatus.ERROR;
        };
        ObjectNode data = json.path("data") instanceof ObjectNode object ? object : null;
        String error = json.hasNonNull("error") ? json.get("error").asText() : status == ToolStatus.OK ? null : "unreadable result";
        return new ToolResult(status, data, findings, error, List.of());
    }

    private static ObjectNode object(String line) {
        try {
            return JSON.readTree(line) instanceof ObjectNode object ? object : null;
        } catch (Exception e) {
            return null;
        }
    }
}
