package dev.loupe.tool.forensic.provenance.c2pa;

/**
 * One {@code c2pa.ingredient} assertion: an asset this one was made from.
 *
 * @param title        the ingredient's dc:title
 * @param relationship {@code parentOf}, {@code componentOf} or {@code inputTo}
 */
public record C2paIngredient(String title, String relationship) {
}
