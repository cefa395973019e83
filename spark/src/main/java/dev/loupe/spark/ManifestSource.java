package dev.loupe.spark;

import dev.loupe.core.LoupeException;
import dev.loupe.eval.RunFolder;
import dev.loupe.eval.manifest.ManifestItem;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Where a manifest lives: a path on the driver's filesystem, or a URI of any Hadoop filesystem
 * ({@code hdfs://…}, {@code s3a://…}). A remote manifest is copied into the run folder, so that the
 * local runner's code reads, hashes and resumes it unchanged; its items' relative paths still
 * resolve against the remote folder, and executors fetch the images from there.
 */
record ManifestSource(String text, Optional<URI> remote) {

    /** A URI scheme of two letters or more (one letter is a Windows drive). */
    private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]+:.*");

    static ManifestSource of(String text) {
        if (SCHEME.matcher(text).matches() && !text.startsWith("file:")) {
            return new ManifestSource(text, Optional.of(URI.create(text)));
        }
        return new ManifestSource(text, Optional.empty());
    }

    /** The manifest file the run reads: the path itself, or the copy of a remote one in {@code folder}. */
    Path localFile(RunFolder folder) {
        if (remote.isEmpty()) {
            return text.startsWith("file:") ? Path.of(URI.create(text)) : Path.of(text);
        }
        return folder.dir().resolve(new org.apache.hadoop.fs.Path(remote.get()).getName());
    }

    /** Copies a remote manifest into {@code folder}; a local one stays where it is. */
    void copyInto(RunFolder folder) {
        if (remote.isPresent()) {
            folder.createDirectories();
            try {
                Files.write(localFile(folder), read());
            } catch (IOException e) {
                throw LoupeException.unavailable(localFile(folder) + ": cannot copy the manifest into the run folder", e);
            }
        }
    }

    /** Refuses to resume when a remote manifest no longer has the bytes its copy in {@code folder} has. */
    void checkUnchanged(RunFolder folder) {
        if (remote.isEmpty()) {
            return;
        }
        try {
            if (!Arrays.equals(read(), Files.readAllBytes(localFile(folder)))) {
                throw LoupeException.badInput(text + " changed since run " + folder.runId()
                        + " started; resuming would mix two sets. Start a new run.");
            }
        } catch (IOException e) {
            throw LoupeException.badInput(localFile(folder) + ": the run's copy of the manifest is unreadable ("
                    + e.getClass().getSimpleName() + ")");
        }
    }

    /** Where an item's image lives, as a URI an executor can open. */
    String location(ManifestItem item) {
        if (remote.isEmpty()) {
            return item.file().toUri().toString();
        }
        org.apache.hadoop.fs.Path folder = new org.apache.hadoop.fs.Path(remote.get()).getParent();
        return new org.apache.hadoop.fs.Path(folder, item.path()).toUri().toString();
    }

    private byte[] read() {
        org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(remote.orElseThrow());
        try (FileSystem filesystem = FileSystem.newInstance(path.toUri(), new Configuration());
             FSDataInputStream in = filesystem.open(path)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw LoupeException.badInput(text + ": cannot read this manifest (" + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage().lines().findFirst().orElse("")) + ")");
        }
    }
}
