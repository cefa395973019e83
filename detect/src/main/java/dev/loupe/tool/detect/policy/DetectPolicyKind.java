package dev.loupe.tool.detect.policy;

import dev.loupe.model.offline.NamedPolicyKind;

/** The offline provider's {@code detect} policy, found through {@link java.util.ServiceLoader}. */
public final class DetectPolicyKind extends NamedPolicyKind {

    public DetectPolicyKind() {
        super("detect", DetectPolicy::fromConfig);
    }
}
