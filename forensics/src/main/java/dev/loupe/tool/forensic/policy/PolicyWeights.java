package dev.loupe.tool.forensic.policy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.core.LoupeException;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The decision policy's numbers from the graph file: the prior ({@code bias}, log-odds of fake),
 * a weight per finding code (log-odds; positive toward fake), the calibration curve when the file
 * carries one, the thresholds, how sure a {@code real} may be, the category each finding suggests,
 * default arguments per tool, which findings others explain away, which findings tell the file's
 * history instead of weighing on P(fake), and how much evidence a verdict needs.
 *
 * @param calibration    the map from log-odds to P(fake), or null for the plain sigmoid
 * @param maxProbability P(fake) stays within [1 − this, this]: a fit on a few dozen originals cannot
 *                       check a probability closer to 0 or 1 than about one in a hundred (1: no limit)
 * @param history        the findings that set the category ({@link FileHistory})
 * @param minEvidence    the log-odds the weighed evidence must add up to, toward fake for {@code fake} and
 *                       toward real for {@code real}: with less (no finding, or findings that cancel out)
 *                       the verdict is {@code uncertain}, never the prior's
 * @param combined       findings weighed when others are seen together ({@link CombinedFindings})
 */
record PolicyWeights(double bias, double fakeThreshold, double realThreshold, Map<String, Double> weights,
                     CalibrationCurve calibration, RealConfidence realConfidence,
                     Map<String, String> categories, Map<String, Object> toolArguments, double maxProbability,
                     ExplainedFindings explained, FileHistory history, double minEvidence, CombinedFindings combined) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** What a {@code fake} verdict's category can be. */
    private static final Set<String> FAKE_CATEGORIES = Set.of("manipulated", "ai_generated");

    PolicyWeights {
        if (!(realThreshold < fakeThreshold)) {
            throw LoupeException.badInput("policy: real_threshold (" + realThreshold + ") must be below fake_threshold ("
                    + fakeThreshold + ")");
        }
        if (!(maxProbability > 0.5 && maxProbability <= 1)) {
            throw LoupeException.badInput("policy: max_probability must be above 0.5 and at most 1, not " + maxProbability);
        }
        if (!(minEvidence >= 0)) {
            throw LoupeException.badInput("policy: min_evidence must be a log-odds of 0 or more, not " + minEvidence);
        }
        for (String code : history.processed()) {
            if (weights.getOrDefault(code, 0.0) != 0) {
                throw LoupeException.badInput("policy: " + code + " is listed under history.processed and weighed "
                        + weights.get(code) + "; a finding of the file's history sets the category, not P(fake): remove its weight");
            }
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
                ExplainedFindings.fromConfig(config), FileHistory.fromConfig(config), number(config, "min_evidence", 0.0),
                CombinedFindings.fromConfig(config));
    }

    /** The log-odds of fake: the bias plus the weights of the evidence. */
    double logit(List<Evidence> evidence) {
        return bias + evidence.stream().mapToDouble(Evidence::weight).sum();
    }

    /**
     * P(fake): the calibration curve at {@link #logit}, or sigmoid({@link #logit}) when the file has
     * none, kept within [1 − {@code maxProbability}, {@code maxProbability}].
     */
    double probability(List<Evidence> evidence) {
        return probability(logit(evidence));
    }

    /**
     * P(fake) from the evidence without the forger-controlled findings that pull toward real: how far
     * the rest carries a {@code real} ({@link RealConfidence}).
     */
    double probabilityWithoutForgerConsistency(List<Evidence> evidence) {
        return probability(evidence.stream().filter(e -> !(e.weight() < 0 && realConfidence.controlled(e.code()))).toList());
    }

    private double probability(double logit) {
        double p = calibration != null ? calibration.apply(logit) : 1.0 / (1.0 + Math.exp(-logit));
        return Math.min(maxProbability, Math.max(1 - maxProbability, p));
    }

    double weight(String code) {
        return weights.getOrDefault(code, 0.0);
    }

    /**
     * What a {@code fake} verdict whose strongest finding is {@code code} says of the content: the graph
     * file's category for it when that is manipulated or ai_generated, else manipulated (an older file's
     * "edited" names a history, which is not what a fake verdict's category says).
     */
    String category(String code) {
        String category = categories.getOrDefault(code, "manipulated");
        return FAKE_CATEGORIES.contains(category) ? category : "manipulated";
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
