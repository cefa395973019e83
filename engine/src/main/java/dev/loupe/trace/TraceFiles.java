package dev.loupe.trace;

import dev.loupe.core.LoupeException;
import dev.loupe.core.SafeName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A folder of trace files, one per thread: {@code DIR/<thread-id>.jsonl}, a JSON line per step,
 * appended as each step ends, so a run that is killed keeps every step it finished. The file name is
 * the thread id, which is a name by {@link SafeName}'s rule, and is checked again where it is written.
 */
public final class TraceFiles {

    private static final Logger LOG = LoggerFactory.getLogger(TraceFiles.class);
    public static final String SUFFIX = ".jsonl";

    private final Path folder;

    /** The trace folder {@code folder}, made when missing; a BAD_INPUT when it cannot be. */
    public TraceFiles(Path folder) {
        this.folder = folder;
        try {
            Files.createDirectories(folder);
        } catch (IOException e) {
            throw LoupeException.badInput("cannot use " + folder + " as the trace folder (" + e.getClass().getSimpleName()
                    + "): choose a writable folder for --trace");
        }
    }

    public Path folder() {
        return folder;
    }

    /** The trace file of {@code threadId}. */
    public Path file(String threadId) {
        return SafeName.inside(folder, threadId + SUFFIX);
    }

    /** The sink that appends {@code threadId}'s steps to its file; the name is checked before anything runs. */
    public StepSink sink(String threadId) {
        Path file = file(threadId);
        return new StepSink() {
            private boolean warned;

            @Override
            public synchronized void write(TraceStep step) {
                try {
                    // Opened and closed per step: the line is on disk before the next step begins.
                    Files.writeString(file, step.toJson().toString() + "\n", StandardCharsets.UTF_8,
                            StandardOpenOption.CREATE, StandardOpenOption.APPEND, StandardOpenOption.WRITE);
                } catch (IOException e) {
                    if (!warned) {
                        warned = true;
                        LOG.warn("cannot write the trace file {} ({}); the run goes on without it", file, e.getClass().getSimpleName());
                    }
                }
            }
        };
    }
}
