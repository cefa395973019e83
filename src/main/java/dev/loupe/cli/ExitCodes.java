package dev.loupe.cli;

import dev.loupe.core.LoupeException;

import java.util.List;

/** Exit codes of a batch: the worst one seen wins, so one failure among many is never hidden. */
final class ExitCodes {

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
}
