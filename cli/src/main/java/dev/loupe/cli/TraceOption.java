package dev.loupe.cli;

import dev.loupe.LoupeBuilder;
import picocli.CommandLine.Option;

import java.nio.file.Path;

/** {@code --trace DIR}: a reasoning trace per thread. */
final class TraceOption {

    @Option(names = "--trace", paramLabel = "DIR",
            description = "Write each thread's steps (nodes, model calls, tool calls: arguments, result, tokens, seconds) "
                    + "to DIR/<thread-id>.jsonl as they happen, secrets masked.")
    Path dir;

    /** {@code builder} with the trace folder, when one was given. */
    LoupeBuilder apply(LoupeBuilder builder) {
        return dir == null ? builder : builder.traceDir(dir);
    }
}
