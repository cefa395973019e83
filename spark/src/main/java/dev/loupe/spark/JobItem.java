package dev.loupe.spark;

import dev.loupe.eval.manifest.ManifestItem;

import java.io.Serializable;
import java.net.URI;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One manifest item as shipped to an executor: the manifest's fields, where the image lives (a
 * {@code file:} URI or any Hadoop filesystem URI) and the thread id the driver chose for it.
 */
public record JobItem(int index, int line, String id, String path, String label, String category,
                      LinkedHashMap<String, String> extra, String location, String threadId) implements Serializable {

    /** The item at {@code location} under {@code threadId}. */
    public static JobItem of(ManifestItem item, String location, String threadId) {
        return new JobItem(item.index(), item.line(), item.id(), item.path(), item.label(), item.category(),
                new LinkedHashMap<>(item.extra()), location, threadId);
    }

    /** True when the image is a file on this machine's filesystem (or a mount every worker shares). */
    public boolean isLocalFile() {
        return URI.create(location).getScheme().equals("file");
    }

    /** The manifest item again, with the image at {@code file}. */
    public ManifestItem toManifestItem(Path file) {
        return new ManifestItem(index, line, id, path, file, label, category, extra == null ? Map.of() : extra);
    }
}
