/**
 * Filtering traces: a region smoothed after capture (fine detail against coarse, tile by tile), median
 * filtering's streaks (Kirchner &amp; Fridrich 2010) and contrast enhancement's histogram peaks and gaps
 * (Stamm &amp; Liu 2010), read in one pass over tiles of the shared luminance.
 */
package dev.loupe.tool.forensic.filtering;
