package dev.loupe.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.kb.KnowledgeBase;
import dev.loupe.kb.MiniLm;
import dev.loupe.kb.Passage;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/** {@code loupe kb search "query"}: the closest passages, best first, with source, position and score. */
@Command(name = "search", mixinStandardHelpOptions = true, description = "Find the passages closest in meaning to a query.")
final class KbSearchCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "QUERY", description = "What to look for.")
    String query;

    @Mixin
    KbCommand.Common common;

    @Option(names = {"-k", "--top"}, defaultValue = "3", description = "How many passages (default: ${DEFAULT-VALUE}).")
    int k;

    @Option(names = "--source", paramLabel = "TEXT", description = "Only passages whose source contains TEXT.")
    String source;

    @Option(names = "--json", description = "One JSON object per passage per line.")
    boolean json;

    /** Whether standard error is a terminal, where the model's load is announced. */
    boolean terminal = System.console() != null;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        List<Passage> passages;
        try (KnowledgeBase kb = common.open()) {
            if (terminal && !MiniLm.loaded()) {
                spec.commandLine().getErr().println("loading the MiniLM embedding model to embed the query (about a second)…");
            }
            passages = kb.search(common.collection, query, k, source);
        }
        ObjectMapper mapper = new ObjectMapper();
        for (Passage p : passages) {
            if (json) {
                out.println(mapper.writeValueAsString(p));
            } else {
                out.printf(Locale.ROOT, "%.3f  %s, %s%n       %s%n", p.score(), p.source(), p.position(), p.text().replaceAll("\\s+", " "));
            }
        }
        if (passages.isEmpty()) {
            spec.commandLine().getErr().println("loupe: no passages in collection '" + common.collection + "'"
                    + (source == null ? "" : " from a source containing '" + source + "'"));
        }
        return 0;
    }
}
