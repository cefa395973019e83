/**
 * Resampling traces (Popescu &amp; Farid 2005; Kirchner 2008): the periodic correlations interpolation
 * leaves between neighbouring pixels when a picture, or a region pasted into it, is scaled. Reads tiles
 * of the shared luminance; the JPEG grid's own periods are left out of the search.
 */
package dev.loupe.tool.forensic.resampling;
