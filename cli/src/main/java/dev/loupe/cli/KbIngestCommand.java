package dev.loupe.cli;

import dev.loupe.core.LoupeException;
import dev.loupe.kb.IngestOutcome;
import dev.loupe.kb.KnowledgeBase;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code loupe kb ingest PATH… --collection NAME}: incremental; a bad file is one line on stderr and the rest go in. */
@Command(name = "ingest", mixinStandardHelpOptions = true,
        description = "Embed files and folders (recursively) into a collection: .md, .txt, .srt, .vtt, .pdf. Unchanged files "
                + "are skipped, changed ones re-embedded, files gone from an ingested folder removed.")
final class KbIngestCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "PATH", description = "Files or folders.")
    List<Path> paths;

    @Mixin
    KbCommand.Common common;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Map<IngestOutcome.Kind, Integer> counts = new EnumMap<>(IngestOutcome.Kind.class);
        long start = System.nanoTime();
        int[] embedded = {0};
        try (KnowledgeBase kb = common.open()) {
            kb.ingest(common.collection, paths, outcome -> {
                counts.merge(outcome.kind(), 1, Integer::sum);
                if (outcome.kind() == IngestOutcome.Kind.FAILED) {
                    err.println("loupe: " + outcome.source() + ": " + outcome.error());
                    err.flush();
                    return;
                }
                if (outcome.kind() == IngestOutcome.Kind.ADDED || outcome.kind() == IngestOutcome.Kind.UPDATED) {
                    embedded[0] += outcome.chunks();
                }
                out.printf(Locale.ROOT, "%-9s %5d chunks  %s%n", outcome.kind().name().toLowerCase(Locale.ROOT),
                        outcome.chunks(), outcome.source());
                out.flush();
            });
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        out.printf(Locale.ROOT, "%s: %d added, %d updated, %d unchanged, %d removed, %d failed; %d chunks embedded in %.1f s%n",
                common.collection, counts.getOrDefault(IngestOutcome.Kind.ADDED, 0), counts.getOrDefault(IngestOutcome.Kind.UPDATED, 0),
                counts.getOrDefault(IngestOutcome.Kind.UNCHANGED, 0), counts.getOrDefault(IngestOutcome.Kind.REMOVED, 0),
                counts.getOrDefault(IngestOutcome.Kind.FAILED, 0), embedded[0], seconds);
        return counts.containsKey(IngestOutcome.Kind.FAILED) ? LoupeException.Kind.BAD_INPUT.exitCode() : 0;
    }
}
