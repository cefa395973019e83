package dev.loupe.cli;

import dev.loupe.Loupe;
import dev.loupe.core.LoupeException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code loupe threads export ID --format conversation}: a chat thread as the documented conversation JSON. */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = "Write a conversation thread (from 'loupe chat') as JSON: requests, messages, tool calls, tokens.")
final class ThreadsExportCommand implements Callable<Integer> {

    @Mixin
    ThreadsCommand.OneThread thread;

    @Option(names = "--format", defaultValue = "conversation", description = "The export format: conversation (the only one).")
    String format;

    @Option(names = "--out", paramLabel = "FILE", description = "Write to FILE instead of standard output.")
    Path out;

    @Override
    public Integer call() throws IOException {
        if (!"conversation".equals(format)) {
            throw LoupeException.badInput("--format " + format + " is not known; use --format conversation");
        }
        try (Loupe loupe = thread.open()) {
            String json = loupe.chats().export(thread.id).toPrettyString();
            if (out == null) {
                thread.out().println(json);
            } else {
                Files.writeString(out, json + System.lineSeparator());
            }
        }
        return 0;
    }
}
