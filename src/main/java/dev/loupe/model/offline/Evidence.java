package dev.loupe.model.offline;

/** One weighed finding: which tool saw it, its code, what exactly was seen, and its weight. */
record Evidence(String tool, String code, String detail, double weight) {
}
