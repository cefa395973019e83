package dev.loupe.core;

import dev.loupe.testing.AllCoresTaken;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ComputeBudgetTest {

    @Test
    void runs_no_more_pieces_at_once_than_there_are_cores() throws Exception {
        AtomicInteger running = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        int threads = ComputeBudget.size() * 4;
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> workers = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            Thread worker = new Thread(() -> {
                try {
                    start.await();
                    ComputeBudget.run(() -> {
                        most.accumulateAndGet(running.incrementAndGet(), Math::max);
                        Thread.sleep(20);
                        running.decrementAndGet();
                        return null;
                    });
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            workers.add(worker);
            worker.start();
        }
        start.countDown();
        for (Thread worker : workers) {
            worker.join();
        }
        assertTrue(most.get() <= ComputeBudget.size(), most.get() + " ran at once on " + ComputeBudget.size() + " cores");
        assertEquals(0, running.get());
    }

    @Test
    void work_inside_work_runs_on_the_core_its_caller_holds() {
        int depth = ComputeBudget.run(() -> ComputeBudget.run(() -> ComputeBudget.run(() -> 3)));

        assertEquals(3, depth);
    }

    @Test
    void work_tried_on_a_spare_core_runs_there_while_one_is_free() throws Exception {
        AtomicInteger ran = new AtomicInteger();

        Future<?> started = ComputeBudget.tryStart(ran::incrementAndGet);

        assertNotNull(started, "no other work holds a core");
        started.get();
        assertEquals(1, ran.get());
    }

    @Test
    void work_tried_on_a_spare_core_does_not_start_while_every_core_is_taken() throws Exception {
        try (AllCoresTaken taken = new AllCoresTaken()) {
            assertNull(ComputeBudget.tryStart(() -> {
            }));
        }
        Future<?> afterwards = ComputeBudget.tryStart(() -> {
        });
        assertNotNull(afterwards, "the cores are free again");
        afterwards.get();
    }
}
