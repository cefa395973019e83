package dev.loupe.tool.forensic.policy;

import dev.loupe.model.offline.OfflinePolicy;
import dev.loupe.model.offline.OfflinePolicyKind;

import java.util.Map;

/** The offline provider's {@code forensic} policy, found through {@link java.util.ServiceLoader}. */
public final class ForensicPolicyKind implements OfflinePolicyKind {

    @Override
    public String name() {
        return "forensic";
    }

    @Override
    public OfflinePolicy fromConfig(Map<String, Object> config) {
        return ForensicPolicy.fromConfig(config);
    }
}
