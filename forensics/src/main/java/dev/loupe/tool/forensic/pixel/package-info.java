/**
 * Pixel plumbing shared by the pixel-level forensic tools (noise, copy-move, thumbnail): the
 * {@link dev.loupe.tool.forensic.pixel.PixelTool} most of them extend, which opens the
 * {@link dev.loupe.tool.forensic.pixel.PixelSource} they read (a baseline JPEG's planes from the shared
 * coefficient pass, else the decoded image), a luminance plane read straight from the decoded raster, pixel boxes, connected components on a
 * grid of cells, and PNG artefact writing. Nothing here judges an image.
 */
package dev.loupe.tool.forensic.pixel;
