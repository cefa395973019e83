package dev.loupe.kb;

/** A collection as {@code kb list} shows it: its name, how many files and chunks it holds. */
public record CollectionInfo(String name, int sources, int chunks) {
}
