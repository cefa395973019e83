package dev.loupe.cli;

import dev.loupe.kb.BundledGuide;
import dev.loupe.kb.KnowledgeBase;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code loupe kb …}: knowledge bases for retrieval (the composition critic's guide and your own). */
@Command(name = "kb", mixinStandardHelpOptions = true,
        description = "Knowledge bases: ingest markdown, text, SRT/VTT transcripts and PDF into a collection, search, "
                + "list, remove. Collections live with --store; the bundled composition guide is '" + BundledGuide.COLLECTION + "'.",
        subcommands = {KbIngestCommand.class, KbSearchCommand.class, KbListCommand.class, KbRemoveCommand.class,
                KbEvalCommand.class})
final class KbCommand {

    /** The options every kb subcommand shares: the store and the collection. */
    static final class Common {
        @Mixin
        StoreOption store;

        @Option(names = "--collection", paramLabel = "NAME", defaultValue = BundledGuide.COLLECTION,
                description = "The collection (default: ${DEFAULT-VALUE}).")
        String collection;

        KnowledgeBase open() {
            return KnowledgeBase.open(store.location());
        }
    }
}
