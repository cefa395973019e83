package dev.loupe.eval.calibrate;

import dev.loupe.core.LoupeException;
import dev.loupe.graph.GraphFiles;
import dev.loupe.graph.GraphSpecParser;
import dev.loupe.tool.forensic.policy.CalibrationCurve;
import dev.loupe.tool.forensic.policy.CombinedFindings;
import dev.loupe.tool.forensic.policy.ExplainedFindings;
import dev.loupe.tool.forensic.policy.FileHistory;
import dev.loupe.tool.forensic.policy.RealConfidence;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The graph file whose policy is being refitted: its text (kept, to rewrite only the numbers) and its
 * reasoned weights and bias, which the fit shrinks toward.
 *
 * @param text           the graph file as written
 * @param prior          weight per finding code, and the bias under "bias"
 * @param realConfidence how sure its {@code real} may be (not fitted: the calibration reports with it)
 * @param explained      which findings others explain away (not fitted: removed before the fit, as the
 *                       policy does not weigh them)
 * @param asWritten      the file's policy as it stands (bias, weights, thresholds, calibration curve), to
 *                       score beside the fitted one
 * @param priorFrom      the file the prior weights come from
 * @param priorFittedBy  the note of the {@code eval calibrate} run that fitted the prior weights, or null
 *                       when they are reasoned (set by hand)
 * @param history        the findings that set the category and carry no weight (not fitted: removed before
 *                       the fit, as the policy does not weigh them)
 * @param minEvidence    the evidence a verdict needs (0: none, and none fitted; else chosen anew by the fit)
 * @param combined       findings made of others seen together, added to each item before the fit
 */
public record GraphPolicy(String text, Map<String, Double> prior, RealConfidence realConfidence,
                          ExplainedFindings explained, FittedPolicy asWritten, String priorFrom, String priorFittedBy,
                          FileHistory history, double minEvidence, CombinedFindings combined) {

    public GraphPolicy {
        prior = Map.copyOf(prior);
    }

    /** {@code file} when given, else {@code graphs/<graph>.yaml} of the working folder, else the bundled copy. */
    public static GraphPolicy load(Path file, String graph) {
        String where = "graphs/" + graph + ".yaml";
        String text;
        if (file != null) {
            try {
                text = Files.readString(file, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw LoupeException.badInput(file + ": cannot read this graph file (" + e.getClass().getSimpleName() + ")");
            }
            where = file.toString();
        } else {
            text = GraphFiles.preferring(Path.of(""), graph).read(where);
        }
        Map<String, Object> policy = GraphSpecParser.parse(text, where).policy().settings();
        Map<String, Double> prior = new LinkedHashMap<>();
        if (policy.get("weights") instanceof Map<?, ?> weights) {
            weights.forEach((code, value) -> {
                if (value instanceof Number number) {
                    prior.put(String.valueOf(code), number.doubleValue());
                }
            });
        }
        double bias = policy.get("bias") instanceof Number number ? number.doubleValue() : 0.0;
        CalibrationCurve curve = CalibrationCurve.fromConfig(policy.get("calibration"));
        double minEvidence = threshold(policy, "min_evidence", 0.0);
        FittedPolicy asWritten = new FittedPolicy(bias, prior, threshold(policy, "fake_threshold", 0.65),
                threshold(policy, "real_threshold", 0.35), Double.NaN,
                new MapChoice(curve == null ? PlattMap.IDENTITY : new IsotonicMap(curve), Double.NaN, Double.NaN), minEvidence);
        prior.put("bias", bias);
        return new GraphPolicy(text, prior, RealConfidence.fromConfig(policy), ExplainedFindings.fromConfig(policy), asWritten,
                where, PolicyFile.fittedBy(text), FileHistory.fromConfig(policy), minEvidence,
                CombinedFindings.fromConfig(policy));
    }

    /**
     * This graph file, its fit shrinking toward {@code other}'s weights instead of its own: when this
     * file's weights were fitted on the very items being cross-validated, shrinking toward them would
     * let every held-out fold be judged by weights that saw it.
     */
    public GraphPolicy shrinkingToward(GraphPolicy other) {
        return new GraphPolicy(text, other.prior, realConfidence, explained, asWritten, other.priorFrom, other.priorFittedBy,
                history, minEvidence, combined);
    }

    /** The tools the graph runs, as its file lists them. */
    public List<String> tools() {
        return GraphSpecParser.parse(text, priorFrom).tools().names();
    }

    private static double threshold(Map<String, Object> policy, String key, double fallback) {
        return policy.get(key) instanceof Number number ? number.doubleValue() : fallback;
    }

    /** The graph file renamed {@code name}, with {@code fitted} in place of its policy's numbers. */
    public String withPolicy(String name, FittedPolicy fitted, String provenance) {
        return PolicyFile.rewrite(text, name, fitted, provenance, prior);
    }
}
