package dev.loupe.tool.forensic.policy;

import dev.loupe.core.LoupeException;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Findings another finding explains away, from a policy's {@code explained_by}. The policy adds
 * log-odds as if findings were independent; some are not. A file compressed once with its tables
 * ({@code same_q_first_generation}) is what a camera writes, and also what a resize saved once is: when
 * the EXIF says the picture was resized ({@code exif_size_mismatch}), the first finding is as likely for
 * a forgery as for an original and says nothing. An explained finding is still listed, with weight 0,
 * and it proves nothing to {@link RealConfidence}.
 *
 * @param explainers finding code → the codes that, when seen, explain it
 */
public record ExplainedFindings(Map<String, List<String>> explainers) {

    /** Nothing explains anything. */
    public static final ExplainedFindings NONE = new ExplainedFindings(Map.of());

    public ExplainedFindings {
        explainers = Map.copyOf(explainers);
    }

    /** The first of {@code seen} that explains {@code code}, if any. */
    public Optional<String> explainer(String code, Collection<String> seen) {
        return explainers.getOrDefault(code, List.of()).stream().filter(seen::contains).findFirst();
    }

    /** The codes of {@code seen} that nothing else seen explains, in their order. */
    public Set<String> unexplained(Collection<String> seen) {
        Set<String> kept = new LinkedHashSet<>();
        for (String code : seen) {
            if (explainer(code, seen).isEmpty()) {
                kept.add(code);
            }
        }
        return kept;
    }

    /** From a policy's {@code explained_by} map (finding code → list of codes); {@link #NONE} without one. */
    public static ExplainedFindings fromConfig(Map<String, Object> policy) {
        Map<?, ?> map = PolicyBlock.of(policy, "explained_by", "map a finding code to the codes that explain it");
        if (map == null) {
            return NONE;
        }
        Map<String, List<String>> explainers = new LinkedHashMap<>();
        map.forEach((code, by) -> {
            if (!(by instanceof List<?> list) || list.isEmpty()) {
                throw LoupeException.badInput("policy: explained_by." + code + " must be a list of finding codes, not '" + by + "'");
            }
            if (list.contains(code)) {
                throw LoupeException.badInput("policy: explained_by." + code + " lists the finding itself; a finding cannot "
                        + "explain itself away");
            }
            explainers.put(String.valueOf(code), list.stream().map(String::valueOf).toList());
        });
        return new ExplainedFindings(explainers);
    }
}
