/**
 * JPEG ghosts (Farid 2009): a region saved before at a lower quality than the rest re-quantizes with
 * less error at that quality. Measured in the DCT domain from the shared coefficient pass.
 */
package dev.loupe.tool.forensic.ghost;
