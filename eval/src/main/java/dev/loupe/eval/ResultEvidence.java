package dev.loupe.eval;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.LinkedHashMap;
import java.util.Map;

/** The finding codes an analysis result's {@code evidence} lists, read once for the run's lines and for calibration. */
public final class ResultEvidence {

    private ResultEvidence() {
    }

    /** Finding code → the tool that reported it, in the evidence's order ({@code finding} is "code: detail"). */
    public static Map<String, String> findings(JsonNode result) {
        Map<String, String> codes = new LinkedHashMap<>();
        for (JsonNode evidence : result.path("evidence")) {
            String finding = evidence.path("finding").asText("");
            int colon = finding.indexOf(':');
            String code = (colon < 0 ? finding : finding.substring(0, colon)).strip();
            if (code.matches("[a-z0-9_]+")) {
                codes.putIfAbsent(code, evidence.path("tool").asText("unknown"));
            }
        }
        return codes;
    }
}
