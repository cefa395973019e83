package dev.loupe.tool;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ToolResourcesTest {

    /** A resource that counts how often it was closed. */
    static final class Counted implements AutoCloseable {
        final AtomicInteger closes = new AtomicInteger();

        @Override
        public void close() {
            closes.incrementAndGet();
        }
    }

    @Test
    void a_resource_is_opened_on_first_use_only_and_then_shared() {
        AtomicInteger opens = new AtomicInteger();
        ToolResources resources = ToolResources.none().with(Counted.class, () -> {
            opens.incrementAndGet();
            return new Counted();
        });

        assertEquals(0, opens.get());
        Counted first = resources.find(Counted.class).orElseThrow();
        assertSame(first, resources.find(Counted.class).orElseThrow());
        assertEquals(1, opens.get());
    }

    @Test
    void closing_closes_what_was_opened_but_not_what_was_borrowed() {
        Counted lent = new Counted();
        ToolResources owned = ToolResources.none().with(Counted.class, Counted::new);
        ToolResources borrowed = ToolResources.none().withBorrowed(Counted.class, lent);
        Counted opened = owned.find(Counted.class).orElseThrow();
        borrowed.find(Counted.class).orElseThrow();

        owned.close();
        borrowed.close();

        assertEquals(1, opened.closes.get());
        assertEquals(0, lent.closes.get());
        assertThrows(IllegalStateException.class, () -> owned.find(Counted.class));
    }

    @Test
    void a_type_never_registered_is_absent_and_none_has_nothing() {
        assertFalse(ToolResources.none().find(String.class).isPresent());
        assertTrue(ToolResources.none().with(Counted.class, Counted::new).find(String.class).isEmpty());
    }
}
