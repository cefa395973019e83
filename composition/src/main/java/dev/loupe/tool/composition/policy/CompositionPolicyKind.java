package dev.loupe.tool.composition.policy;

import dev.loupe.model.offline.NamedPolicyKind;

/** The offline provider's {@code composition} policy, found through {@link java.util.ServiceLoader}. */
public final class CompositionPolicyKind extends NamedPolicyKind {

    public CompositionPolicyKind() {
        super("composition", CompositionPolicy::fromConfig);
    }
}
