/**
 * Building the development set: variants of camera originals made by known operations (re-encoding,
 * resizing, a copy-move forgery with the camera EXIF put back), so that their labels are true by
 * construction. Used by {@code evaluation/fetch-dev-set.sh}.
 */
package dev.loupe.eval.devset;
