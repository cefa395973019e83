package dev.loupe.cli;

import dev.loupe.kb.CollectionInfo;
import dev.loupe.kb.KnowledgeBase;
import dev.loupe.kb.SourceRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.TreeMap;
import java.util.concurrent.Callable;

/** {@code loupe kb list}: the collections with their files and chunks; {@code --files} lists one collection's files. */
@Command(name = "list", mixinStandardHelpOptions = true, description = "List collections, or with --files the files of --collection.")
final class KbListCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    KbCommand.Common common;

    @Option(names = "--files", description = "List the files of --collection with their chunks and hashes.")
    boolean files;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        try (KnowledgeBase kb = common.open()) {
            if (files) {
                for (SourceRecord source : new TreeMap<>(kb.sources(common.collection)).values()) {
                    out.printf(Locale.ROOT, "%5d chunks  %s  %s  %s%n", source.chunks(), source.sha256().substring(0, 12),
                            source.ingestedAt(), source.source());
                }
                return 0;
            }
            for (CollectionInfo collection : kb.collections()) {
                out.printf(Locale.ROOT, "%-24s %4d files %6d chunks%n", collection.name(), collection.sources(), collection.chunks());
            }
        }
        return 0;
    }
}
