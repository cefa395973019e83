/**
 * What the fuzz targets hold every parser to: which exceptions its contract allows, how much it may
 * allocate for one input, and the seed corpus they start from. The targets themselves live beside
 * the parsers they exercise ({@code *FuzzTest}), so they can reach package-private entry points; the
 * normal build replays their committed inputs, {@code fuzz/run.sh} runs the coverage-guided campaigns.
 */
package dev.loupe.fuzzing;
