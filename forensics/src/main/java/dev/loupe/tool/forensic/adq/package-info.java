/**
 * Aligned double quantization (Lin et al. 2009; Bianchi &amp; Piva 2012): in a file compressed twice on
 * the same grid, each block's low-frequency coefficients are scored for how well the double
 * quantization pattern of the whole image explains them; blocks it does not explain were compressed
 * only once — pasted in after the first save.
 */
package dev.loupe.tool.forensic.adq;
