package dev.loupe.soak;

import dev.loupe.Loupe;
import dev.loupe.checkpoint.StoreLocation;
import dev.loupe.checkpoint.ThreadRecord;
import dev.loupe.checkpoint.ThreadStatus;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The accounting after the soak, done on the store the server wrote (the server stopped): every
 * request whose analysis began must have a thread — its image is unique, so the thread is found by
 * the image's SHA-256 — and every thread must be finished or resumable, which is proven by resuming
 * it (with the model's faults off) until it is done. A request is lost when either fails.
 */
final class SoakLedger {

    /** What the accounting found. */
    record Tally(Map<String, Integer> endings, int threads, int doneBefore, int resumed, List<String> lost,
                 Map<ThreadStatus, Integer> statusesBefore) {
    }

    private SoakLedger() {
    }

    static Tally settle(Path workDir, Path store, List<SoakClient.Outcome> outcomes) {
        try (Loupe loupe = Loupe.builder().home(workDir).store(StoreLocation.parse(store.toString())).build()) {
            Map<String, ThreadRecord> bySha = new HashMap<>();
            Map<ThreadStatus, Integer> statuses = new EnumMap<>(ThreadStatus.class);
            for (int offset = 0; ; offset += 500) {
                List<ThreadRecord> page = loupe.threads().list(500, offset);
                page.forEach(thread -> {
                    bySha.put(thread.imageSha256(), thread);
                    statuses.merge(thread.status(), 1, Integer::sum);
                });
                if (page.size() < 500) {
                    break;
                }
            }
            List<String> lost = new ArrayList<>();
            Map<String, Integer> endings = new TreeMap<>();
            for (SoakClient.Outcome outcome : outcomes) {
                endings.merge(describe(outcome), 1, Integer::sum);
                if (mustHaveThread(outcome) && !bySha.containsKey(outcome.sha256())) {
                    lost.add("request " + outcome.index() + " (" + describe(outcome) + "): no thread holds its image");
                }
            }
            int resumed = 0;
            int done = 0;
            for (ThreadRecord thread : bySha.values()) {
                if (thread.status() == ThreadStatus.DONE) {
                    done++;
                    continue;
                }
                try {
                    loupe.threads().resume(thread.id());
                    resumed++;
                } catch (RuntimeException e) {
                    lost.add("thread " + thread.id() + " (" + thread.status().code() + "): cannot be resumed: " + e.getMessage());
                }
            }
            return new Tally(endings, bySha.size(), done, resumed, lost, statuses);
        }
    }

    /** A result, a status from the analysis (503, 504, 500) or a stream that began: the analysis ran. */
    private static boolean mustHaveThread(SoakClient.Outcome outcome) {
        return outcome.ending() == SoakClient.Ending.COMPLETED || outcome.streamStarted()
                || outcome.ending() == SoakClient.Ending.REFUSED && outcome.status() >= 500;
    }

    private static String describe(SoakClient.Outcome outcome) {
        return switch (outcome.ending()) {
            case COMPLETED -> "completed";
            case REFUSED -> "refused " + outcome.status();
            case DISCONNECTED -> "client hung up (" + outcome.behaviour().name().toLowerCase().replace('_', ' ') + ")";
            case CONNECTION_LOST -> "connection lost (server killed)";
        };
    }
}
