/**
 * Native libraries that Java dependencies ship inside their jars (OpenCV, SQLite, ONNX Runtime), kept extracted in a
 * per-user cache so that a process loads them straight from disk instead of copying tens of megabytes
 * to a temporary folder on every start. Depends on nothing else in Loupe.
 */
package dev.loupe.natives;
