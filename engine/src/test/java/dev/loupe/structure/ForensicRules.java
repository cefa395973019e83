package dev.loupe.structure;

import java.util.List;
import java.util.Map;

/** The forensic graph's rules and schema, written here as the graph file would give them. */
final class ForensicRules {

    private ForensicRules() {
    }

    static Map<String, Object> config() {
        return Map.of(
                "enums", Map.of(
                        "verdict", Map.of(
                                "values", Map.of(
                                        "fake", List.of("AI-generated", "AI generated", "synthetic", "generated",
                                                "manipulated", "tampered", "edited", "photoshopped", "fake"),
                                        "real", List.of("authentic", "genuine", "original", "camera original", "real"),
                                        "uncertain", List.of("inconclusive", "unknown", "cannot determine")),
                                "default", "uncertain"),
                        "category", Map.of(
                                "values", Map.of(
                                        "camera_original", List.of("camera", "original", "authentic"),
                                        "ai_generated", List.of("AI-generated", "synthetic", "generated"),
                                        "manipulated", List.of("tampered", "spliced"),
                                        "edited", List.of("retouched", "photoshopped"),
                                        "unknown", List.of()),
                                "default", "unknown")),
                "clamp", Map.of("confidence", List.of(0, 1)),
                "defaults", Map.of("rationale", "The answer could not be structured."));
    }

    static FieldRules rules() {
        return FieldRules.fromConfig(config());
    }

    static JsonSchema schema() {
        return JsonSchema.parse("""
                {
                  "$schema": "https://json-schema.org/draft/2020-12/schema",
                  "type": "object",
                  "required": ["verdict", "confidence", "category", "rationale"],
                  "properties": {
                    "verdict": {"enum": ["real", "fake", "uncertain"]},
                    "confidence": {"type": "number", "minimum": 0, "maximum": 1},
                    "category": {"enum": ["camera_original", "ai_generated", "manipulated", "edited", "unknown"]},
                    "rationale": {"type": "string"},
                    "evidence": {
                      "type": "array",
                      "items": {
                        "type": "object",
                        "required": ["tool", "finding"],
                        "properties": {
                          "tool": {"type": "string"},
                          "finding": {"type": "string"},
                          "weight": {"type": "number"}
                        }
                      }
                    }
                  }
                }
                """);
    }
}
