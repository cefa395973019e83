/**
 * Double JPEG compression with the same quantization table (Huang, Huang &amp; Shi 2010): a careful
 * forger saves with the camera's own tables, which leaves nothing for ADQ or ghosts, but a file saved
 * twice sits near the fixed point of re-compression while a region edited before the last save does not.
 */
package dev.loupe.tool.forensic.sameq;
