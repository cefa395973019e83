/**
 * Safe image loading and encoding. {@link dev.loupe.image.ImageLoader} checks a file before anything
 * decodes it — size on disk, allowed folder, format from the signature bytes, dimensions from the
 * header, completeness — so hostile or broken files fail fast with one readable line;
 * {@link dev.loupe.image.ImageEncoder} turns an image into the bounded JPEG a model is sent.
 */
package dev.loupe.image;
