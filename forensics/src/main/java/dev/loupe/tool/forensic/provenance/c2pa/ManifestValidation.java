package dev.loupe.tool.forensic.provenance.c2pa;

import java.util.List;
import java.util.Optional;

/**
 * The validation of one manifest of a store.
 *
 * @param label    the manifest's label (a URN)
 * @param active   whether it is the store's active manifest (the only one whose hard binding is
 *                 checked against this file: an ingredient's binding was to another file)
 * @param statuses the status codes, in the order of the checks
 * @param signer   the signer, when the signature carried a certificate that decodes
 */
public record ManifestValidation(String label, boolean active, List<ValidationStatus> statuses, Optional<SignerInfo> signer) {

    public ManifestValidation {
        statuses = List.copyOf(statuses);
    }

    public boolean has(String code) {
        return statuses.stream().anyMatch(s -> s.code().equals(code));
    }

    public List<ValidationStatus> failures() {
        return statuses.stream().filter(ValidationStatus::isFailure).toList();
    }

    /**
     * The reference SDK's summary: {@code Invalid} when a check failed, {@code Valid} when the only
     * failure is an untrusted signer, {@code Trusted} when nothing failed; {@code Prerelease} for a
     * manifest older than the specification, which is not validated.
     */
    public String state() {
        if (has(ValidationStatus.PRERELEASE)) {
            return "Prerelease";
        }
        List<ValidationStatus> failures = failures();
        if (failures.isEmpty()) {
            return "Trusted";
        }
        boolean onlyUntrusted = failures.stream().allMatch(s -> s.code().equals(ValidationStatus.SIGNING_CREDENTIAL_UNTRUSTED));
        return onlyUntrusted ? "Valid" : "Invalid";
    }
}
