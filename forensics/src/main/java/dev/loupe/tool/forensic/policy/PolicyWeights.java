package dev.loupe.tool.forensic.policy;

import dev.loupe.tool.forensic.policy.Evidence;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.core.LoupeException;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The decision policy's numbers from the graph file: the prior ({@code bias}, log-odds of fake),
 * a weight per finding code (log-odds; positive toward fake), the calibration curve when the file
 * carries one, the thresholds, how sure a {@code real} may be, the category each finding suggests, and
 * default arguments per tool, and which findings others explain away.
 *
 * @param calibration    the map from log-odds to P(fake), or null for the plain sigmoid
 * @param maxProbability P(fake) stays within [1 − this, this]: a fit on a few dozen originals cannot
 *                       check a probability closer to 0 or 1 than about one in a hundred (1: no limit)
 */
record PolicyWeights(double bias, double fakeThreshold, double realThreshold, Map<String, Double> weights,
                     CalibrationCurve calibration, RealConfidence realConfidence,
                     Map<String, String> categories, Map<String, Object> toolArguments, double maxProbability,
                     ExplainedFindings explained) {

    private static final ObjectMapper JSON = new ObjectMapper();

    PolicyWeights {
        if (!(realThreshold < fakeThreshold)) {
            throw LoupeException.badInput("policy: real_threshold (" + realThreshold + ") must be below fake_threshold ("
                    + fakeThreshold + ")");
        }
        if (!(maxProbability > 0.5 && maxProbability <= 1)) {
            throw LoupeException.badInput("policy: max_probability must be above 0.5 and at most 1, not " + maxProbability);
        }
    }

    @SuppressWarnings("unchecked")
    static PolicyWeights fromConfig(Map<String, Object> config) {
        Map<String, Double> weights = new LinkedHashMap<>();
        if (config.get("weights") instanceof Map<?, ?> map) {
            map.forEach((code, value) -> {
                if (!(value instanceof Number number)) {
                    throw LoupeException.badInput("policy: the weight of '" + code + "' must be a number, not '" + value + "'");
                }
                weights.put(String.valueOf(code), number.doubleValue());
            });
        }
        Map<String, String> categories = new LinkedHashMap<>();
        if (config.get("categories") instanceof Map<?, ?> map) {
            map.forEach((code, value) -> categories.put(String.valueOf(code), String.valueOf(value)));
        }
        Map<String, Object> arguments = config.get("tool_arguments") instanceof Map<?, ?> map
                ? (Map<String, Object>) map : Map.of();
        return new PolicyWeights(number(config, "bias", 0.0), number(config, "fake_threshold", 0.65),
                number(config, "real_threshold", 0.35), weights, CalibrationCurve.fromConfig(config.get("calibration")),
                RealConfidence.fromConfig(config), categories, arguments, number(config, "max_probability", 1.0),
                ExplainedFindings.fromConfig(config));
    }

    /** The log-odds of fake: the bias plus the weights of the evidence. */
    double logit(java.util.List<Evidence> evidence) {
        return bias + evidence.stream().mapToDouble(Evidence::weight).sum();
    }

    /**
     * P(fake): the calibration curve at {@link #logit}, or sigmoid({@link #logit}) when the file has
     * none, kept within [1 − {@code maxProbability}, {@code maxProbability}].
     */
    double probability(java.util.List<Evidence> evidence) {
        double logit = logit(evidence);
        double p = calibration != null ? calibration.apply(logit) : 1.0 / (1.0 + Math.exp(-logit));
        return Math.min(maxProbability, Math.max(1 - maxProbability, p));
    }

    double weight(String code) {
        return weights.getOrDefault(code, 0.0);
    }

    String category(String code) {
        return categories.getOrDefault(code, "manipulated");
    }

    String argumentsFor(String tool) {
        try {
            return JSON.writeValueAsString(toolArguments.getOrDefault(tool, Map.of()));
        } catch (Exception e) {
            throw LoupeException.badInput("policy: the arguments for tool '" + tool + "' cannot be written as JSON");
        }
    }

    private static double number(Map<String, Object> config, String key, double fallback) {
        Object value = config.get(key);
        if (value == null) {
            return fallback;
        }
        if (value instanceof Number n) {
            return n.doubleValue();
        }
        throw LoupeException.badInput("policy: '" + key + "' must be a number, not '" + value + "'");
    }
}
