/**
 * What every layer of Loupe may use: the one exception root with its kinds (which decide exit codes
 * and HTTP statuses), the mapping from whatever a graph run threw to it, the rule for ids that become file names
 * ({@link dev.loupe.core.SafeName}), and Loupe's version.
 * Depends on nothing else in Loupe.
 */
package dev.loupe.core;
