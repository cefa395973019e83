package dev.loupe.tool.detect.policy;

import dev.loupe.model.offline.OfflinePolicy;
import dev.loupe.model.offline.OfflinePolicyKind;

import java.util.Map;

/** The offline provider's {@code detect} policy, found through {@link java.util.ServiceLoader}. */
public final class DetectPolicyKind implements OfflinePolicyKind {

    @Override
    public String name() {
        return "detect";
    }

    @Override
    public OfflinePolicy fromConfig(Map<String, Object> config) {
        return DetectPolicy.fromConfig(config);
    }
}
