/**
 * Noise-residual inconsistency: the energy of a high-pass residual (the smaller of the horizontal and
 * vertical second differences, blind to edges along either axis) cell by cell, compared with what cells
 * of the same brightness and texture show elsewhere in the picture. A region pasted from another camera
 * or ISO, inpainted, blurred or painted over carries another residual level than its surroundings.
 */
package dev.loupe.tool.forensic.residual;
