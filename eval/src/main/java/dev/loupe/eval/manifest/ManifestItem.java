package dev.loupe.eval.manifest;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One labelled image of a manifest.
 *
 * @param index    the item's position among the manifest's items, from 0; thread ids and resume use it
 * @param line     the manifest line the item starts on, for messages
 * @param id       the {@code id} column when present, else the path as written; runs are compared by it
 * @param path     the path as the manifest writes it
 * @param file     the path resolved against the manifest's folder
 * @param label    {@code real} or {@code fake}, or null in a manifest without a label column (field scoring)
 * @param category the expected category ({@code camera_original}, {@code edited} …), or null
 * @param extra    the manifest's other columns, in their order
 */
public record ManifestItem(int index, int line, String id, String path, Path file, String label, String category,
                           Map<String, String> extra) {

    public ManifestItem {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(file, "file");
        extra = Collections.unmodifiableMap(new LinkedHashMap<>(extra));
    }
}
