/**
 * Local noise analysis: a picture pasted from another source, or retouched, usually carries a noise
 * level unlike the rest of the photograph. The image is cut into blocks, each block's noise level is
 * estimated, and blocks whose level departs from the image's robust norm are grouped into regions.
 */
package dev.loupe.tool.forensic.noise;
