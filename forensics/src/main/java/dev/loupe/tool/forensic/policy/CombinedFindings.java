package dev.loupe.tool.forensic.policy;

import dev.loupe.core.LoupeException;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Findings that mean more together than apart, from a policy's {@code combined:} block: a new code,
 * weighed like any other, seen when every code it names is seen. Its use is evidence a forger
 * controls that contradicts what the pixels say: a file whose EXIF presents it as the camera's own
 * ({@code camera_exif_intact}) while its coefficients show a second save with the same tables
 * ({@code same_q_resaved}) imitates a camera original, which an honest re-save rarely does. Either
 * finding alone is the file's history.
 *
 * @param combined new code → the codes that must all be seen
 */
public record CombinedFindings(Map<String, List<String>> combined) {

    /** No combinations. */
    public static final CombinedFindings NONE = new CombinedFindings(Map.of());

    public CombinedFindings {
        combined = Map.copyOf(combined);
    }

    /** The combined codes that {@code seen} makes, in the graph file's order. */
    public List<String> of(Collection<String> seen) {
        return combined.entrySet().stream().filter(e -> seen.containsAll(e.getValue())).map(Map.Entry::getKey).sorted().toList();
    }

    /** The codes {@code code} combines. */
    public List<String> parts(String code) {
        return combined.getOrDefault(code, List.of());
    }

    /** From a policy's {@code combined:} map (new code → list of at least two codes); {@link #NONE} without one. */
    public static CombinedFindings fromConfig(Map<String, Object> policy) {
        Map<?, ?> map = PolicyBlock.of(policy, "combined", "map a new finding code to the codes it needs");
        if (map == null) {
            return NONE;
        }
        Map<String, List<String>> combined = new LinkedHashMap<>();
        map.forEach((code, parts) -> {
            if (!(parts instanceof List<?> list) || list.size() < 2) {
                throw LoupeException.badInput("policy: combined." + code + " must list at least two finding codes, not '" + parts + "'");
            }
            combined.put(String.valueOf(code), list.stream().map(String::valueOf).toList());
        });
        return new CombinedFindings(combined);
    }
}
