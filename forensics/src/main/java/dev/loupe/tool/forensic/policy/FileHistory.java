package dev.loupe.tool.forensic.policy;

import dev.loupe.core.LoupeException;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The findings that answer the policy's second question, what the file's history is, from a policy's
 * {@code history:} block. Re-encoding, resizing, library tables, missing metadata and editing software
 * say that the file was processed, not that its content changed: a finding listed under
 * {@code processed} sets the category and never moves P(fake) (a graph file that weighs one is
 * refused). Findings under {@code camera_original} say the camera's own encoding survives; they may
 * carry a weight, and when nothing says the file was processed they make the category
 * {@code camera_original}.
 *
 * @param processed codes that show the file was processed as a whole
 * @param camera    codes that show the camera's encoding survives
 */
public record FileHistory(Set<String> processed, Set<String> camera) {

    /** No history findings: the category of a {@code real} verdict stays unknown. */
    public static final FileHistory NONE = new FileHistory(Set.of(), Set.of());

    public FileHistory {
        processed = Set.copyOf(processed);
        camera = Set.copyOf(camera);
    }

    /** {@code processed}, {@code camera_original}, or empty when the codes say neither. */
    public Optional<String> category(Collection<String> codes) {
        if (codes.stream().anyMatch(processed::contains)) {
            return Optional.of("processed");
        }
        return codes.stream().anyMatch(camera::contains) ? Optional.of("camera_original") : Optional.empty();
    }

    /** The codes of {@code codes} that decide the category, in their order. */
    public List<String> deciding(Collection<String> codes) {
        Set<String> from = codes.stream().anyMatch(processed::contains) ? processed : camera;
        return codes.stream().filter(from::contains).distinct().toList();
    }

    /** Whether the camera's encoding survives in the file (a {@code camera_original} finding is among the codes). */
    public boolean cameraEvidence(Collection<String> codes) {
        return codes.stream().anyMatch(camera::contains);
    }

    /** From a policy's {@code history:} block; {@link #NONE} without one. */
    public static FileHistory fromConfig(Map<String, Object> policy) {
        Map<?, ?> map = PolicyBlock.of(policy, "history", "hold the lists processed and camera_original");
        if (map == null) {
            return NONE;
        }
        for (Object key : map.keySet()) {
            if (!"processed".equals(key) && !"camera_original".equals(key)) {
                throw LoupeException.badInput("policy: history." + key + " is not a history; write processed or camera_original");
            }
        }
        return new FileHistory(codes(map.get("processed"), "processed"), codes(map.get("camera_original"), "camera_original"));
    }

    static Set<String> codes(Object list, String where) {
        if (list == null) {
            return Set.of();
        }
        if (!(list instanceof List<?> items)) {
            throw LoupeException.badInput("policy: " + where + " must be a list of finding codes, not '" + list + "'");
        }
        Set<String> codes = new LinkedHashSet<>();
        items.forEach(item -> codes.add(String.valueOf(item)));
        return codes;
    }
}
