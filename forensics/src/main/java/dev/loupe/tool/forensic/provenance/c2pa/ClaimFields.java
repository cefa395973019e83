package dev.loupe.tool.forensic.provenance.c2pa;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Picks fields out of decoded C2PA CBOR (claims and assertions), tolerant of the 1.x and 2.x
 * spellings and of early pre-release manifests: a missing field is null, never an error.
 */
final class ClaimFields {

    private static final int MAX_ACTIONS = 500;

    private ClaimFields() {
    }

    static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value != null && value.isTextual() ? value.asText() : null;
    }

    /** claim_generator (1.x), or the names and versions of claim_generator_info (2.x, a map or a list). */
    static String claimGenerator(JsonNode claim) {
        String generator = text(claim, "claim_generator");
        if (generator != null) {
            return generator;
        }
        JsonNode info = claim.get("claim_generator_info");
        if (info == null) {
            return null;
        }
        List<String> names = new ArrayList<>();
        for (JsonNode entry : info.isArray() ? info : List.of(info)) {
            String agent = agent(entry);
            if (agent != null) {
                names.add(agent);
            }
        }
        return names.isEmpty() ? null : String.join(", ", names);
    }

    static List<C2paAction> actions(JsonNode assertion) {
        List<C2paAction> actions = new ArrayList<>();
        JsonNode list = assertion.get("actions");
        if (list == null || !list.isArray()) {
            return actions;
        }
        for (JsonNode action : list) {
            if (actions.size() >= MAX_ACTIONS) {
                break;
            }
            JsonNode parameters = action.path("parameters");
            String sourceType = text(action, "digitalSourceType");
            if (sourceType == null && parameters.isObject()) {
                sourceType = text(parameters, "digitalSourceType");
            }
            actions.add(new C2paAction(text(action, "action"), sourceType, agent(action.get("softwareAgent"))));
        }
        return actions;
    }

    static C2paIngredient ingredient(JsonNode assertion) {
        return new C2paIngredient(text(assertion, "dc:title"), text(assertion, "relationship"));
    }

    /** The hard binding; the algorithm defaults to SHA-256, as the claim's own {@code alg} usually is. */
    static HashBinding hashBinding(JsonNode assertion, List<String> errors) {
        JsonNode hash = assertion.get("hash");
        if (hash == null || !hash.isBinary()) {
            errors.add("c2pa.hash.data: no hash");
            return null;
        }
        List<HashBinding.Exclusion> exclusions = new ArrayList<>();
        JsonNode list = assertion.path("exclusions");
        for (JsonNode exclusion : list.isArray() ? list : List.<JsonNode>of()) {
            if (exclusions.size() >= MAX_ACTIONS) {
                break;
            }
            exclusions.add(new HashBinding.Exclusion(exclusion.path("start").asLong(-1), exclusion.path("length").asLong(-1)));
        }
        String alg = text(assertion, "alg");
        try {
            return new HashBinding(alg == null ? "sha256" : alg.toLowerCase(Locale.ROOT), hash.binaryValue(), exclusions);
        } catch (IOException e) {
            errors.add("c2pa.hash.data: hash unreadable");
            return null;
        }
    }

    /** A software agent written as text, or as a map with name and version. */
    private static String agent(JsonNode value) {
        if (value == null || value.isNull()) {
            return null;
        }
        if (value.isTextual()) {
            return value.asText();
        }
        String name = text(value, "name");
        String version = text(value, "version");
        return name == null ? null : version == null ? name : name + " " + version;
    }
}
