package dev.loupe.cli;

import picocli.CommandLine.Command;

import java.util.concurrent.Callable;

/** Placeholder replaced below. */
@Command(name = "bench")
final class EvalBenchCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        return 0;
    }
}
