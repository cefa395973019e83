package dev.loupe.tool.forensic.provenance.c2pa;

/**
 * One step of the chain of edits: a manifest names an ingredient made from another manifest of the
 * same store.
 *
 * @param manifest           the label of the manifest that names the ingredient
 * @param title              the ingredient's title
 * @param relationship       {@code parentOf}, {@code componentOf} or {@code inputTo}
 * @param ingredientManifest the label of the ingredient's own manifest, or null when it had none
 */
public record IngredientLink(String manifest, String title, String relationship, String ingredientManifest) {
}
