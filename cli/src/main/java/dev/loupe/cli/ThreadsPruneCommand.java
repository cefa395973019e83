package dev.loupe.cli;

import dev.loupe.Loupe;
import dev.loupe.core.LoupeException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code loupe threads prune --older-than 30d}. */
@Command(name = "prune", mixinStandardHelpOptions = true, description = "Delete threads not updated for a while.")
final class ThreadsPruneCommand implements Callable<Integer> {

    private static final Pattern AGE = Pattern.compile("(\\d+)([smhd])");

    @Spec
    CommandSpec spec;

    @Mixin
    ThreadsCommand.Common common;

    @Option(names = "--older-than", required = true, paramLabel = "AGE", description = "An age such as 30d, 12h, 90m.")
    String olderThan;

    @Override
    public Integer call() {
        Duration age = parse(olderThan);
        try (Loupe loupe = common.open()) {
            int pruned = loupe.threads().prune(age);
            spec.commandLine().getOut().println("pruned " + pruned + " threads not updated for " + olderThan);
        }
        return 0;
    }

    static Duration parse(String text) {
        Matcher m = AGE.matcher(text.strip());
        if (!m.matches()) {
            throw LoupeException.badInput("--older-than " + text + ": write an age such as 30d, 12h, 90m or 45s");
        }
        long n = Long.parseLong(m.group(1));
        return switch (m.group(2)) {
            case "s" -> Duration.ofSeconds(n);
            case "m" -> Duration.ofMinutes(n);
            case "h" -> Duration.ofHours(n);
            default -> Duration.ofDays(n);
        };
    }
}
