/**
 * Structuring: turning a model's free text into the JSON a graph promises, without losing what the
 * model stated. Graph-generic on purpose: the answer is read for a JSON object
 * ({@link dev.loupe.structure.TolerantJson}), fields under other names, "Label: value" lines and
 * markdown tables; values are normalised by rules that come from the graph's configuration
 * ({@link dev.loupe.structure.FieldRules}, {@link dev.loupe.structure.Normalizer}); what breaks the
 * graph's JSON Schema ({@link dev.loupe.structure.JsonSchema}) is dropped and what is missing is
 * derived by the configuration's {@code derive} rules; a bounded number of repair rounds with a model
 * ({@link dev.loupe.structure.Repairer}) is spent only when a must-read field cannot be read, before
 * falling back to defaults ({@link dev.loupe.structure.Structurer}). Nothing here knows a particular
 * graph or field name.
 */
package dev.loupe.structure;
