package dev.loupe.core;

import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletionException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FailuresTest {

    @Test
    void running_out_of_heap_in_a_node_says_to_give_the_jvm_more() {
        LoupeException failure = Failures.unwrap(new CompletionException(new RuntimeException("node agent failed",
                new OutOfMemoryError("Java heap space"))));
        assertEquals(LoupeException.Kind.UNAVAILABLE, failure.kind());
        assertTrue(failure.getMessage().startsWith("out of memory (Java heap space): give Loupe's JVM a larger heap"),
                failure.getMessage());
        assertTrue(failure.getMessage().contains("LOUPE_HEAP=2g"), failure.getMessage());
    }

    @Test
    void any_other_failure_stays_an_internal_error_with_its_first_line() {
        LoupeException failure = Failures.unwrap(new CompletionException(new IllegalStateException("broken\nsecond line")));
        assertEquals(LoupeException.Kind.INTERNAL, failure.kind());
        assertEquals("internal error: broken", failure.getMessage());
    }
}
