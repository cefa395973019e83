/**
 * Labelled image sets: a CSV (RFC 4180) or JSON Lines manifest whose rows name an image
 * ({@code path}, relative to the manifest), its label ({@code real} or {@code fake}), an optional
 * {@code category} and any other columns, which are kept. Errors name the manifest line.
 */
package dev.loupe.eval.manifest;
