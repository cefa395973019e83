package dev.loupe.eval;

import dev.loupe.core.LoupeException;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.BitSet;
import java.util.function.Consumer;

/**
 * Reads {@code results.jsonl} as a stream, never whole. A last line that a crash tore (no newline,
 * or not a results line) is not a result: {@link #recover} cuts it off so the item runs again; a
 * damaged line elsewhere is an error naming it, since nothing but an edit can produce one.
 */
public final class ResultsReader {

    /**
     * What a results file holds after recovery.
     *
     * @param done         the indices of items with a result
     * @param lines        the result lines kept
     * @param droppedBytes the size of the torn last line cut off, 0 when there was none
     */
    public record Recovery(BitSet done, int lines, long droppedBytes) {
    }

    private ResultsReader() {
    }

    /** Cuts off a torn last line, if any, and returns the items already done. */
    public static Recovery recover(Path file) {
        BitSet done = new BitSet();
        if (!Files.exists(file)) {
            return new Recovery(done, 0, 0);
        }
        long[] tornAt = {-1, 0};
        int[] kept = {0};
        try {
            long size = Files.size(file);
            JsonLinesScanner.scan(file, (number, offset, text, terminated) -> {
                if (text.isBlank() && terminated) {
                    return;
                }
                if (tornAt[0] >= 0) {
                    throw LoupeException.badInput(file + " line " + tornAt[1] + ": not a results line; "
                            + "only the last line can be torn by a crash, so this file was damaged or edited");
                }
                ItemResult result = parseOrNull(text);
                if (result != null && terminated) {
                    done.set(result.index());
                    kept[0]++;
                } else {
                    tornAt[0] = offset;
                    tornAt[1] = number;
                }
            });
            if (tornAt[0] >= 0) {
                try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
                    channel.truncate(tornAt[0]);
                    channel.force(true);
                }
                return new Recovery(done, kept[0], size - tornAt[0]);
            }
            return new Recovery(done, kept[0], 0);
        } catch (IOException e) {
            throw LoupeException.unavailable(file + ": cannot read the results file", e);
        }
    }

    /**
     * Hands every result to {@code sink}, once per item (a repeated index is skipped), skipping a
     * torn last line. Returns the number of results handed over.
     */
    public static int forEach(Path file, Consumer<ItemResult> sink) {
        BitSet seen = new BitSet();
        int[] count = {0};
        try {
            JsonLinesScanner.scan(file, (number, offset, text, terminated) -> {
                if (text.isBlank()) {
                    return;
                }
                ItemResult result = parseOrNull(text);
                if (result == null) {
                    if (!terminated) {
                        return;
                    }
                    throw LoupeException.badInput(file + " line " + number + ": not a results line");
                }
                if (!seen.get(result.index())) {
                    seen.set(result.index());
                    count[0]++;
                    sink.accept(result);
                }
            });
        } catch (IOException e) {
            throw LoupeException.unavailable(file + ": cannot read the results file", e);
        }
        return count[0];
    }

    private static ItemResult parseOrNull(String text) {
        try {
            return ItemResult.parse(text);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
