package dev.loupe.testing;

import dev.loupe.core.ComputeBudget;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * Holds every core of the {@link ComputeBudget} from threads of its own until closed, as eval workers
 * or other analyses do on a busy server, so that a test sees what work does when no core is spare.
 */
public final class AllCoresTaken implements AutoCloseable {

    private final CountDownLatch done = new CountDownLatch(1);
    private final List<Thread> holders = new ArrayList<>();

    public AllCoresTaken() throws InterruptedException {
        CountDownLatch holding = new CountDownLatch(ComputeBudget.size());
        for (int i = 0; i < ComputeBudget.size(); i++) {
            Thread holder = new Thread(() -> {
                try {
                    ComputeBudget.run(() -> {
                        holding.countDown();
                        done.await();
                        return null;
                    });
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "core-holder-" + i);
            holder.setDaemon(true);
            holders.add(holder);
            holder.start();
        }
        holding.await();
    }

    @Override
    public void close() throws InterruptedException {
        done.countDown();
        for (Thread holder : holders) {
            holder.join();
        }
    }
}
