package dev.loupe.cli;

import dev.loupe.core.LoupeException;
import dev.loupe.kb.KnowledgeBase;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code loupe kb remove NAME} drops a collection; with {@code --source FILE}, only that file's passages. */
@Command(name = "remove", mixinStandardHelpOptions = true, description = "Remove a collection, or one file's passages from it.")
final class KbRemoveCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "COLLECTION", description = "The collection.")
    String collection;

    @Mixin
    StoreOption store;

    @Option(names = "--source", paramLabel = "FILE", description = "Remove only this file's passages (its path as ingested).")
    String source;

    @Override
    public Integer call() {
        try (KnowledgeBase kb = KnowledgeBase.open(store.location())) {
            boolean removed = source == null ? kb.remove(collection)
                    : kb.removeSource(collection, source.startsWith("bundled:") ? source : Path.of(source).toAbsolutePath().normalize().toString());
            if (!removed) {
                throw LoupeException.badInput(source == null ? "no collection '" + collection + "' in this store; see 'loupe kb list'"
                        : "collection '" + collection + "' holds no file " + source + "; see 'loupe kb list --files --collection " + collection + "'");
            }
            spec.commandLine().getOut().println("removed " + (source == null ? "collection " + collection : source + " from " + collection));
        }
        return 0;
    }
}
