package dev.loupe.tool.forensic.provenance.c2pa;

import dev.loupe.tool.forensic.provenance.c2pa.trust.TrustAnchors;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Loupe's validator and the reference implementation (c2pa-rs) on the same files: the fixtures the
 * reference built with a test CA (valid, AI-declared, edited with an ingredient, pixels changed,
 * claim changed, untrusted root, expired signer, ES384, PS256, Ed25519, no manifest), and c2pa-rs's
 * own fixtures. Each row must agree on the state and on every compared status code. Loupe validates
 * at the instant the reference did, so a certificate's expiry moves neither.
 */
class C2paValidatorAgainstReferenceTest {

    record Row(String fixture, String loupeState, Set<String> loupeCodes, String referenceState, Set<String> referenceCodes) {

        boolean agrees() {
            return loupeState.equals(referenceState) && loupeCodes.equals(referenceCodes);
        }

        String line() {
            return "| " + fixture + " | " + loupeState + " " + loupeCodes + " | " + referenceState + " " + referenceCodes + " | "
                    + (agrees() ? "yes" : "NO") + " |";
        }
    }

    @Test
    void fixtures_built_by_the_reference_get_the_references_status_codes() {
        ReferenceStatuses reference = ReferenceStatuses.made();

        List<Row> rows = table(reference, ReferenceStatuses.MADE, ReferenceStatuses.testRoot());

        assertAllAgree(rows);
    }

    @Test
    void c2pa_rs_fixtures_get_the_references_status_codes() {
        ReferenceStatuses reference = ReferenceStatuses.c2paRs();

        List<Row> rows = table(reference, "/c2pa/", TrustAnchors.none());

        assertAllAgree(rows);
    }

    static List<Row> table(ReferenceStatuses reference, String folder, TrustAnchors anchors) {
        C2paValidator validator = new C2paValidator(anchors, reference.validatedAt());
        List<Row> rows = new ArrayList<>();
        for (String fixture : reference.fixtures()) {
            Optional<C2paValidation> validation = validator.validate(ReferenceStatuses.bytes(folder + fixture));
            String state = validation.flatMap(C2paValidation::active).map(ManifestValidation::state).orElse("no embedded manifest");
            Set<String> codes = new TreeSet<>();
            validation.flatMap(C2paValidation::active).ifPresent(m -> m.statuses().stream().map(ValidationStatus::code)
                    .filter(ReferenceStatuses.COMPARED::contains).forEach(codes::add));
            rows.add(new Row(fixture, state, codes, referenceState(reference, fixture), reference.codes(fixture)));
        }
        return rows;
    }

    /**
     * The reference refuses some files with an error where Loupe gives a state: no embedded store
     * (JumbfNotFound; RemoteManifestFetch, since Loupe fetches nothing) and a pre-1.0 manifest.
     */
    private static String referenceState(ReferenceStatuses reference, String fixture) {
        return switch (reference.state(fixture)) {
            case "error: JumbfNotFound", "error: RemoteManifestFetch" -> "no embedded manifest";
            case "error: PrereleaseError" -> "Prerelease";
            default -> reference.state(fixture);
        };
    }

    private static void assertAllAgree(List<Row> rows) {
        StringBuilder table = new StringBuilder("| fixture | Loupe | reference | agree |\n|---|---|---|---|\n");
        rows.forEach(r -> table.append(r.line()).append('\n'));
        System.out.println(table);
        assertEquals(List.of(), rows.stream().filter(r -> !r.agrees()).map(Row::line).toList(), table.toString());
    }

}
