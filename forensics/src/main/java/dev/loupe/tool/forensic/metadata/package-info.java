/**
 * The {@code metadata} tool: what the file's EXIF, XMP, IPTC, ICC, PNG text and JPEG comments say
 * (read with metadata-extractor), and the findings that follow from it: which editor touched the
 * file, whether the camera's EXIF is intact, whether dates and sizes agree, whether there is no
 * metadata at all.
 */
package dev.loupe.tool.forensic.metadata;
