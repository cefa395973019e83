package dev.loupe.soak;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** Prints what the soak did and found, for the issue note. */
final class SoakReport {

    private SoakReport() {
    }

    static void print(SoakOptions options, int requests, FaultyModel model, SoakLedger.Tally tally, ProcessFigures start,
                      ProcessFigures end, ProcessFigures restarted, Duration took, Path work) {
        System.out.printf("loupe serve soak: %d requests (%d in the fault phase, %d around a kill -9, 10 warm-up and after restart), "
                        + "%d concurrent clients, seed %d, %d s%n", requests, options.requests(), options.killBatch(),
                options.clients(), options.seed(), took.toSeconds());
        System.out.printf("model calls: %d, faults injected (%.0f%% of calls in the fault phase): %s%n", model.requests(),
                options.faultRate() * 100, model.injected());
        System.out.println("outcomes, as the clients saw them:");
        tally.endings().forEach((ending, count) -> System.out.printf("  %-50s %d%n", ending, count));
        System.out.printf("threads in the store: %d (%s before settling); done: %d, resumed to done: %d%n",
                tally.threads(), tally.statusesBefore(), tally.doneBefore(), tally.resumed());
        System.out.printf("lost: %d%n", tally.lost().size());
        List.copyOf(tally.lost()).forEach(line -> System.out.println("  " + line));
        System.out.println("server process after warm-up:         " + start);
        System.out.println("after the fault phase, idle:          " + end);
        System.out.println("new process after kill -9 + restart:  " + restarted);
        System.out.println("working folder (serve.log, loupe.db): " + work);
    }
}
