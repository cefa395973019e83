package dev.loupe.kb;

/** A passage cut from a file before embedding: its text and where in the file it is. */
record Piece(String text, String position) {
}
