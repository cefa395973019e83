package dev.loupe.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.Loupe;
import dev.loupe.checkpoint.ReplayReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.concurrent.Callable;

/** {@code loupe threads replay ID}: re-run with the recorded model replies; exit 1 is not used for a mismatch. */
@Command(name = "replay", mixinStandardHelpOptions = true,
        description = "Re-run a thread with the model replies it recorded (no model is called; tools run again) and report "
                + "whether the result is identical, what differs, and how the configuration drifted.")
final class ThreadsReplayCommand implements Callable<Integer> {

    @Mixin
    ThreadsCommand.OneThread thread;

    @Option(names = "--json", description = "The report as JSON.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        try (Loupe loupe = thread.open()) {
            ReplayReport report = loupe.threads().replay(thread.id);
            var out = thread.out();
            if (json) {
                out.println(new ObjectMapper().writeValueAsString(report));
                return 0;
            }
            out.println(report.identical() ? "identical: the replay reproduced thread " + thread.id
                    : "different: the replay of thread " + thread.id + " differs in " + report.differences().size() + " places");
            if (report.turns().isEmpty()) {
                report.differences().forEach(d -> out.println("  " + d));
            }
            for (ReplayReport.Turn turn : report.turns()) {
                out.println("  turn " + turn.turn() + " (" + turn.question() + "): " + (turn.identical() ? "identical"
                        : "different in " + turn.differences().size() + " places"));
                turn.differences().forEach(d -> out.println("    " + d));
            }
            if (!report.fingerprintDrift().isEmpty()) {
                out.println("configuration drift since the thread ran:");
                report.fingerprintDrift().forEach(d -> out.println("  " + d));
            }
        }
        return 0;
    }
}
