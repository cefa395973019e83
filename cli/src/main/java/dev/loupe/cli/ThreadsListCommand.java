package dev.loupe.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.checkpoint.LoupeStore;
import dev.loupe.graph.AnalysisGraph;
import dev.loupe.checkpoint.ThreadRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code loupe threads list}: newest first. */
@Command(name = "list", mixinStandardHelpOptions = true, description = "List threads, newest first.")
final class ThreadsListCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ThreadsCommand.Common common;

    @Option(names = "--limit", defaultValue = "20", description = "How many (default: ${DEFAULT-VALUE}).")
    int limit;

    @Option(names = "--offset", defaultValue = "0", description = "Skip this many of the newest.")
    int offset;

    @Option(names = "--json", description = "One JSON object per thread per line.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        // Listing reads the threads table only: no graph is compiled, no model or tool is set up.
        try (LoupeStore store = LoupeStore.open(common.store.location(), AnalysisGraph.serializer())) {
            List<ThreadRecord> threads = store.threads().listThreads(limit, offset);
            ObjectMapper mapper = new ObjectMapper();
            for (ThreadRecord t : threads) {
                if (json) {
                    Map<String, Object> row = new LinkedHashMap<>();
                    row.put("id", t.id());
                    row.put("created", t.createdAt().toString());
                    row.put("status", t.status().code());
                    row.put("graph", t.graphName());
                    row.put("image", t.imageName());
                    row.put("verdict", t.verdict());
                    row.put("model", t.model());
                    out.println(mapper.writeValueAsString(row));
                } else {
                    out.printf("%-36s  %-24s  %-11s  %-9s  %-12s  %s%n", t.id(), t.createdAt(), t.status().code(),
                            t.verdict() == null ? "-" : t.verdict(), t.model() == null ? "-" : t.model(),
                            t.imageName() == null ? "-" : t.imageName());
                }
            }
            if (threads.isEmpty() && !json) {
                out.println("no threads in " + common.store.location());
            }
        }
        return 0;
    }
}
