/**
 * The composition critic's two measurable sets, built by the repository itself: questions written
 * for the bundled guide with the passage each should retrieve (recall@k, MRR), and generated images
 * of known composition — horizons tilted by known angles, a subject on a thirds crossing or in the
 * centre, balanced and unbalanced mass — scored against what {@code composition_measures} reports.
 * Manifests live in {@code evaluation/composition/}.
 */
package dev.loupe.eval.composition;
