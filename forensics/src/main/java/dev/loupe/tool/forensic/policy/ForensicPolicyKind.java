package dev.loupe.tool.forensic.policy;

import dev.loupe.model.offline.NamedPolicyKind;

/** The offline provider's {@code forensic} policy, found through {@link java.util.ServiceLoader}. */
public final class ForensicPolicyKind extends NamedPolicyKind {

    public ForensicPolicyKind() {
        super("forensic", ForensicPolicy::fromConfig);
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
