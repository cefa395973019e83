package dev.loupe.eval;

import dev.loupe.core.LoupeException;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Appends results to {@code results.jsonl}, one whole line per write call, so that a process killed
 * at any moment leaves at most one torn last line (which {@link ResultsReader#recover} drops). The
 * file is forced to disk every {@code syncEvery} lines and on close: a power cut loses at most that
 * many items, which resume re-runs. Thread-safe.
 */
public final class ResultsWriter implements AutoCloseable {

    private final Path file;
    private final FileChannel channel;
    private final int syncEvery;
    private int unsynced;

    private ResultsWriter(Path file, FileChannel channel, int syncEvery) {
        this.file = file;
        this.channel = channel;
        this.syncEvery = syncEvery;
    }

    /** Opens {@code file} for appending, creating it if needed. */
    public static ResultsWriter append(Path file, int syncEvery) {
        try {
            FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.APPEND);
            return new ResultsWriter(file, channel, Math.max(1, syncEvery));
        } catch (IOException e) {
            throw LoupeException.unavailable(file + ": cannot open the results file for appending", e);
        }
    }

    /** Writes one result as one line. */
    public synchronized void write(ItemResult result) {
        ByteBuffer line = ByteBuffer.wrap((result.toLine() + "\n").getBytes(StandardCharsets.UTF_8));
        try {
            // One write call covers the whole line on a regular file; the loop only guards the contract.
            while (line.hasRemaining()) {
                channel.write(line);
            }
            if (++unsynced >= syncEvery) {
                channel.force(false);
                unsynced = 0;
            }
        } catch (IOException e) {
            throw LoupeException.unavailable(file + ": cannot append a result (" + e.getMessage() + ")", e);
        }
    }

    @Override
    public synchronized void close() {
        try {
            if (channel.isOpen()) {
                channel.force(false);
                channel.close();
            }
        } catch (IOException e) {
            throw LoupeException.unavailable(file + ": cannot close the results file", e);
        }
    }
}
