/**
 * EXIF thumbnail comparison: a camera writes a small preview of the picture it took into the EXIF
 * block; editors often change the picture and keep the old preview. The thumbnail is cut out of the
 * file's bytes, decoded, and compared with the image scaled to its size: differing regions show what
 * was changed after capture, a different aspect ratio shows a crop.
 */
package dev.loupe.tool.forensic.thumbnail;
