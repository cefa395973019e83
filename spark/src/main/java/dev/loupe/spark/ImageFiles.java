package dev.loupe.spark;

import dev.loupe.core.LoupeException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Brings an item's image to the executor's disk: a {@code file:} location is used where it is (a
 * path every worker sees, as with {@code loupe eval}); any other Hadoop filesystem (HDFS, S3A, GCS …)
 * is copied into a folder of the task's own, under the image's own name so that prompts and results
 * name it as the manifest does, and deleted with the folder when the task ends.
 */
final class ImageFiles implements AutoCloseable {

    private final Path folder;
    private Configuration hadoop;

    ImageFiles() {
        try {
            folder = Files.createTempDirectory("loupe-task-");
        } catch (IOException e) {
            throw LoupeException.unavailable("cannot create a temporary folder for images on this executor", e);
        }
    }

    /** The image of {@code item} as a local file. */
    Path local(JobItem item) throws IOException {
        URI location = URI.create(item.location());
        if (item.isLocalFile()) {
            return Path.of(location);
        }
        if (hadoop == null) {
            hadoop = new Configuration();
        }
        org.apache.hadoop.fs.Path remote = new org.apache.hadoop.fs.Path(location);
        Path target = Files.createDirectories(folder.resolve(String.valueOf(item.index()))).resolve(remote.getName());
        FileSystem filesystem = remote.getFileSystem(hadoop);
        filesystem.copyToLocalFile(false, remote, new org.apache.hadoop.fs.Path(target.toUri()), true);
        return target;
    }

    /** The path an item's result and messages show before its image is fetched. */
    Path shownPath(JobItem item) {
        return item.isLocalFile() ? Path.of(URI.create(item.location())) : Path.of(item.path());
    }

    /** Deletes a copied image once its item is done; a local file is left alone. */
    void release(JobItem item, Path file) throws IOException {
        if (!item.isLocalFile()) {
            Files.deleteIfExists(file);
            Files.deleteIfExists(file.getParent());
        }
    }

    @Override
    public void close() {
        try (Stream<Path> files = Files.walk(folder)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // A temporary folder left behind is harmless; the task's results are what matter.
        }
    }
}
