package dev.loupe.bench.cli;

import picocli.CommandLine.Command;

/** {@code loupe bench …}: Loupe against its reference, same run, ratio printed; asserts nothing. */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Speed and memory figures, each measured against its reference in the same run.",
        subcommands = {BenchAnalysisCommand.class, BenchColdCommand.class, BenchMemoryCommand.class})
final class BenchCommand {
}
