package dev.loupe.tool.composition.policy;

import dev.loupe.model.offline.OfflinePolicy;
import dev.loupe.model.offline.OfflinePolicyKind;

import java.util.Map;

/** The offline provider's {@code composition} policy, found through {@link java.util.ServiceLoader}. */
public final class CompositionPolicyKind implements OfflinePolicyKind {

    @Override
    public String name() {
        return "composition";
    }

    @Override
    public OfflinePolicy fromConfig(Map<String, Object> config) {
        return CompositionPolicy.fromConfig(config);
    }
}
