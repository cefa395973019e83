package dev.loupe.tool.forensic.policy;

import dev.loupe.model.offline.NamedPolicyKind;

/** The offline provider's {@code forensic} policy, found through {@link java.util.ServiceLoader}. */
public final class ForensicPolicyKind extends NamedPolicyKind {

    public ForensicPolicyKind() {
        super("forensic", ForensicPolicy::fromConfig);
    }
}
