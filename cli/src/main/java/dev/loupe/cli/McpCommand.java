package dev.loupe.cli;

import dev.loupe.Loupe;
import dev.loupe.LoupeBuilder;
import dev.loupe.checkpoint.LoupeStore;
import dev.loupe.graph.AnalysisGraph;
import dev.loupe.graph.GraphCatalog;
import dev.loupe.image.ImageLimits;
import dev.loupe.server.mcp.LoupeMcpServer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/**
 * {@code loupe mcp}: Loupe as an MCP server on standard input and output, for agent hosts that
 * start it as a child process. Runs until the host closes standard input.
 */
@Command(name = "mcp", mixinStandardHelpOptions = true,
        description = "Serve Loupe to an MCP host over stdio: tools analyze_image, list_threads, get_thread, replay_thread "
                + "(and search_knowledge when a knowledge collection exists). Runs until standard input closes.")
final class McpCommand implements Callable<Integer> {

    @Option(names = "--graph", description = "A graph to offer; repeat for several, the first is the default (default: forensic).")
    List<String> graphs = new ArrayList<>();

    @Mixin
    StoreOption store;

    @Mixin
    ModelOptions models = new ModelOptions();

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        // Standard output carries the protocol and nothing else: anything else printed goes to standard error.
        OutputStream protocol = new FileOutputStream(FileDescriptor.out);
        PrintStream originalOut = System.out;
        System.setOut(System.err);
        CountDownLatch closed = new CountDownLatch(1);
        InputStream in = new FilterInputStream(System.in) {
            @Override
            public int read() throws IOException {
                return ended(super.read());
            }

            @Override
            public int read(byte[] buffer, int offset, int length) throws IOException {
                return ended(super.read(buffer, offset, length));
            }

            private int ended(int result) {
                if (result < 0) {
                    closed.countDown();
                }
                return result;
            }
        };
        List<Loupe> loupes = new ArrayList<>();
        try (LoupeStore shared = LoupeStore.open(store.location(), AnalysisGraph.serializer())) {
            try {
                for (String graph : graphs.isEmpty() ? List.of(GraphCatalog.DEFAULT_GRAPH) : graphs) {
                    LoupeBuilder builder = Loupe.builder().graph(graph).store(shared);
                    models.apply(builder, spec.commandLine().getErr(), System.getenv());
                    loupes.add(builder.build());
                }
                try (LoupeMcpServer server = LoupeMcpServer.stdio(loupes, ImageLimits.defaults(), in, protocol)) {
                    closed.await();
                }
            } finally {
                loupes.forEach(Loupe::close);
                System.setOut(originalOut);
            }
        }
        return 0;
    }
}
