package dev.loupe.graph;

import dev.loupe.core.ComputeBudget;
import dev.loupe.core.StartupMarks;
import dev.loupe.image.LoadedImage;
import dev.loupe.tool.SharedDecode;
import dev.loupe.tool.ToolRegistry;

import java.util.List;

/**
 * Starts a graph's shared decodes of the image it is about to analyse on another thread, while the
 * caller still compiles the graph and opens the store: a one-off {@code loupe analyze} knows its
 * image before it knows anything else, and on a 24 MP JPEG the shared coefficient pass is the
 * longest piece of work in the run. The graph's nodes find the decode done or under way (the pass
 * is kept on the image itself, so another image can never read it); an analysis that never
 * comes has it released with the image.
 */
public final class DecodeAhead {

    private DecodeAhead() {
    }

    /**
     * Starts the shared decodes that {@code spec}'s tools (from {@code tools}) declare on {@code image};
     * nothing when none does. Does not wait.
     */
    public static void start(GraphSpec spec, ToolRegistry tools, LoadedImage image) {
        List<SharedDecode> decodes = ModelImage.sharedDecodes(spec, known(tools, spec.tools().names()));
        if (decodes.isEmpty()) {
            return;
        }
        Thread thread = new Thread(() -> decode(image, decodes), "loupe-decode-ahead");
        thread.setDaemon(true);
        thread.start();
    }

    /** The tools named that {@code tools} has: an MCP server's tools are not known yet, nor needed here. */
    private static ToolRegistry known(ToolRegistry tools, List<String> names) {
        return tools.select(names.stream().filter(name -> name.endsWith("*") || tools.find(name).isPresent()).toList());
    }

    private static void decode(LoadedImage image, List<SharedDecode> decodes) {
        StartupMarks.mark("decode ahead: start");
        for (SharedDecode decode : decodes) {
            try {
                // CPU work like a tool call's: it holds a core of the budget while it runs.
                ComputeBudget.run(() -> decode.planes(image));
            } catch (RuntimeException | OutOfMemoryError e) {
                // The tool that needs this decode runs it again and reports the failure in its own
                // result; here it would only be a stack trace on standard error.
            }
        }
        StartupMarks.mark("decode ahead: done");
    }
}
