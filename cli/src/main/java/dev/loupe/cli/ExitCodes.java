package dev.loupe.cli;

import dev.loupe.core.LoupeException;
import dev.loupe.eval.metrics.EvalMetrics;
import dev.loupe.eval.run.EvalRunner;

import java.io.PrintWriter;

import java.util.List;

/** Exit codes of a batch: the worst one seen wins, so one failure among many is never hidden. */
public final class ExitCodes {

    /** From least to most serious: done, bad input, a service unavailable, a bug. */
    private static final List<Integer> RANK = List.of(0, 2, 3, 1);

    private ExitCodes() {
    }

    /** The more serious of two exit codes: internal errors outrank unavailable services, which outrank bad input. */
    static int worse(int a, int b) {
        return RANK.indexOf(a) >= RANK.indexOf(b) ? a : b;
    }

    /** The exit code of a failure recorded by its kind's name ({@code bad_input}, …); unknown names count as unavailable. */
    static int ofKindName(String name) {
        for (LoupeException.Kind kind : LoupeException.Kind.values()) {
            if (kind.name().equalsIgnoreCase(name)) {
                return kind.exitCode();
            }
        }
        return LoupeException.Kind.UNAVAILABLE.exitCode();
    }

    /**
     * The exit code of an evaluation run: 0 when every item was analysed, else the worst failure's
     * code, said on standard error. {@code loupe eval} and the Spark job both end with it.
     */
    public static int ofRun(EvalMetrics metrics, PrintWriter stderr) {
        long failed = metrics.errors().successes();
        if (failed == 0) {
            return 0;
        }
        int worst = 0;
        long kinds = 0;
        for (var flag : metrics.flags().entrySet()) {
            if (flag.getKey().startsWith(EvalRunner.ERROR_FLAG_PREFIX)) {
                worst = ExitCodes.worse(worst, ExitCodes.ofKindName(flag.getKey().substring(EvalRunner.ERROR_FLAG_PREFIX.length())));
                kinds += flag.getValue();
            }
        }
        if (kinds < failed) { // lines written by an older Loupe do not say why
            worst = ExitCodes.worse(worst, LoupeException.Kind.UNAVAILABLE.exitCode());
        }
        stderr.printf("loupe: %d of %d items failed (their error is in results.jsonl); exit code %d%n",
                failed, metrics.items(), worst);
        stderr.flush();
        return worst;
    }
}
