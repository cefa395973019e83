package dev.loupe.bench.cli;

import dev.loupe.cli.Main;
import picocli.CommandLine;

/**
 * {@code loupe} with the benchmarks: every command of the product's command line, plus
 * {@code bench analysis|cold|memory} and {@code eval bench}. The benchmarks stay out of the product's
 * jar; this is the main class of {@code bench/target/loupe-bench.jar} (docs/benchmarks.md).
 */
public final class BenchMain {

    private BenchMain() {
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The product's command line with the benchmark commands added. */
    public static CommandLine commandLine() {
        CommandLine cli = Main.commandLine();
        cli.addSubcommand(BenchCommand.class);
        cli.getSubcommands().get("eval").addSubcommand(EvalBenchCommand.class);
        return cli;
    }
}
