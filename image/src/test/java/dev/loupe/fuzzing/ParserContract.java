package dev.loupe.fuzzing;

import dev.loupe.core.LoupeException;

import java.lang.management.ClassLoadingMXBean;
import java.lang.management.ManagementFactory;
import java.util.function.Predicate;

/**
 * The contract one parser keeps with hostile input, checked on every fuzz input: it returns, or it
 * throws only what its contract names (a {@link LoupeException} of kind BAD_INPUT with a one-line
 * message, say); and it allocates at most a budget for that input. Anything else — an
 * {@code ArrayIndexOutOfBoundsException}, a {@code NullPointerException}, a {@code StackOverflowError},
 * a gigabyte allocated for a kilobyte of input — is a finding, reported as an {@link AssertionError}
 * that keeps the cause so the fuzzer dedups and minimises on it.
 *
 * <p>Time is bounded by the fuzz tests' {@code @Timeout} (libFuzzer's {@code -timeout} when fuzzing),
 * heap by the forked JVM's {@code -Xmx}: a hang or an out-of-memory error ends the run as a finding.
 *
 * @param parser           what is being checked, for messages
 * @param allowed          describes the exceptions the contract allows
 * @param allows           whether a thrown exception is one of them
 * @param budget           the most bytes this thread may allocate for one input
 */
public record ParserContract(String parser, String allowed, Predicate<Throwable> allows, AllocationBudget budget) {

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private static final ClassLoadingMXBean CLASSES = ManagementFactory.getClassLoadingMXBean();

    /** Work on one input; may throw anything, which the contract then judges. */
    @FunctionalInterface
    public interface Parse {
        void run() throws Exception;
    }

    /** A parser that never throws on bad bytes: it records problems in what it returns. */
    public static ParserContract neverThrows(String parser, AllocationBudget budget) {
        return new ParserContract(parser, "no exception", e -> false, budget);
    }

    /** A parser that refuses bad input with a one-line {@link LoupeException} of kind BAD_INPUT. */
    public static ParserContract refusesWithBadInput(String parser, AllocationBudget budget) {
        return new ParserContract(parser, "LoupeException BAD_INPUT with a one-line message",
                e -> e instanceof LoupeException loupe && loupe.kind() == LoupeException.Kind.BAD_INPUT
                        && isOneLine(loupe.getMessage()), budget);
    }

    /** This contract, also allowing {@code more} (described as {@code description}). */
    public ParserContract orAllowing(String description, Predicate<Throwable> more) {
        return new ParserContract(parser, allowed + " or " + description, allows.or(more), budget);
    }

    /**
     * Runs {@code parse} on one input of {@code inputBytes} bytes and fails with an {@link AssertionError}
     * when the contract is broken.
     */
    public void assertHolds(long inputBytes, Parse parse) {
        long classes = CLASSES.getTotalLoadedClassCount();
        long before = allocated();
        try {
            parse.run();
        } catch (Throwable e) {
            if (!allows.test(e)) {
                throw new AssertionError(parser + " broke its contract (" + allowed + "): " + e, e);
            }
        }
        long spent = allocated() - before;
        // Loading classes (the first input of a run) allocates for the process, not for this input.
        boolean warmingUp = CLASSES.getTotalLoadedClassCount() != classes;
        if (!warmingUp && spent > budget.forInput(inputBytes)) {
            throw new AssertionError(parser + " allocated " + spent + " bytes for " + inputBytes + " bytes of input; the budget is "
                    + budget.forInput(inputBytes) + " (" + budget + ")");
        }
    }

    /** Whether a message is one non-blank line, as every refusal Loupe prints must be. */
    public static boolean isOneLine(String message) {
        return message != null && !message.isBlank() && message.indexOf('\n') < 0 && message.indexOf('\r') < 0;
    }

    private static long allocated() {
        return THREADS.getCurrentThreadAllocatedBytes();
    }
}
