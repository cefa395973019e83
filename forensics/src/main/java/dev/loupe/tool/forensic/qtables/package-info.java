/**
 * The per-make quantization-table reference: the tables cameras of each make were seen to write
 * (built from the development set's camera originals, each row saying where it came from), against
 * the make a file's EXIF claims. Re-encodes that keep the EXIF usually change the tables.
 */
package dev.loupe.tool.forensic.qtables;
