/**
 * The composition critic's tools: {@code composition_measures} (what can be measured about an
 * arrangement — subject placement against the thirds grid, horizon tilt, visual balance, symmetry,
 * exposure, colour, edge directions and leading lines, subject size, negative space) and
 * {@code composition_search} (passages of composition teaching from a knowledge base). Both are
 * deterministic and found by {@link java.util.ServiceLoader}.
 */
package dev.loupe.tool.composition;
