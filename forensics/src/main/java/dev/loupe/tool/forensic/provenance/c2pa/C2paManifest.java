package dev.loupe.tool.forensic.provenance.c2pa;

import java.util.List;
import java.util.Optional;

/**
 * One manifest of a C2PA store, as far as Loupe decodes it.
 *
 * @param label            the manifest's JUMBF label (a URN)
 * @param claimGenerator   the claim generator (claim_generator, or claim_generator_info's names)
 * @param title            the claim's dc:title
 * @param format           the claim's dc:format
 * @param assertionLabels  the labels of the assertions in the store, in order
 * @param actions          the actions of every actions assertion
 * @param ingredients      the ingredients
 * @param hashBinding      the hard binding, when the manifest has one
 * @param signaturePresent whether a claim signature box is there (never verified here)
 * @param errors           what could not be decoded
 */
public record C2paManifest(String label, String claimGenerator, String title, String format,
                           List<String> assertionLabels, List<C2paAction> actions, List<C2paIngredient> ingredients,
                           Optional<HashBinding> hashBinding, boolean signaturePresent, List<String> errors) {

    public C2paManifest {
        assertionLabels = List.copyOf(assertionLabels);
        actions = List.copyOf(actions);
        ingredients = List.copyOf(ingredients);
        errors = List.copyOf(errors);
    }

    public boolean hasAction(String name) {
        return actions.stream().anyMatch(a -> name.equals(a.action()));
    }
}
