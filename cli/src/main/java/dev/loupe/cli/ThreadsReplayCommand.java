package dev.loupe.cli;

import dev.loupe.Loupe;
import dev.loupe.checkpoint.ReplayReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** {@code loupe threads replay ID}: re-run with the recorded model replies; exit 1 is not used for a mismatch. */
@Command(name = "replay", mixinStandardHelpOptions = true,
        description = "Re-run a thread with the model replies it recorded (no model is called; tools run again) and report "
                + "whether the result is identical, what differs, and how the configuration drifted.")
final class ThreadsReplayCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ThreadsCommand.Common common;

    @Parameters(index = "0", paramLabel = "ID")
    String id;

    @Option(names = "--json", description = "The report as JSON.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        try (Loupe loupe = common.open(id)) {
            ReplayReport report = loupe.threads().replay(id);
            var out = spec.commandLine().getOut();
            if (json) {
                out.println(new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(report));
                return 0;
            }
            out.println(report.identical() ? "identical: the replay reproduced thread " + id
                    : "different: the replay of thread " + id + " differs in " + report.differences().size() + " places");
            report.differences().forEach(d -> out.println("  " + d));
            if (!report.fingerprintDrift().isEmpty()) {
                out.println("configuration drift since the thread ran:");
                report.fingerprintDrift().forEach(d -> out.println("  " + d));
            }
        }
        return 0;
    }
}
