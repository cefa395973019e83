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

    /** The forensic vision prompt asks for a first verdict; from pixels alone the describer gives none. */
    @Override
    public String firstImpression() {
        return "First impression: the offline describer cannot judge authenticity from pixels; "
                + "the forensic tools decide.\n\n"
                + "```json\n{\"verdict\": \"uncertain\", \"confidence\": 0.5, \"category\": \"unknown\", "
                + "\"rationale\": \"Pixels alone, without forensic tools, do not settle whether this image is a camera original.\"}\n```\n";
    }
}
