package dev.loupe.cli;

import dev.loupe.Chats;
import dev.loupe.Loupe;
import dev.loupe.LoupeBuilder;
import dev.loupe.checkpoint.ThreadClaim;
import dev.loupe.checkpoint.ThreadRecord;
import dev.loupe.core.Failures;
import dev.loupe.core.LoupeException;
import dev.loupe.graph.GraphOverrides;
import dev.loupe.image.ImageLimits;
import dev.loupe.image.ImageLoader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code loupe chat}: a conversation read line by line from standard input, each line one turn on one
 * thread. {@code /image PATH} starts a new conversation on that image (a thread is bound to its
 * image), {@code /save FILE} writes the conversation JSON, {@code /exit} (or end of input) ends.
 */
@Command(name = "chat", mixinStandardHelpOptions = true,
        description = "Talk with a graph about an image, turn by turn, on one thread; --thread-id continues one. "
                + "Commands: /image PATH, /save FILE, /exit.")
final class ChatCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--graph", defaultValue = "agent", description = "The graph to talk to (default: ${DEFAULT-VALUE}).")
    String graph;

    @Option(names = "--image", paramLabel = "FILE", description = "The image the conversation is about.")
    Path image;

    @Option(names = "--thread-id", paramLabel = "ID", converter = ThreadIdConverter.class,
            description = "Continue this conversation, or start one under this id (letters, digits, . _ -).")
    String threadId;

    @Option(names = "--tools", split = ",", paramLabel = "NAME", description = "Tools the agent may call, any of the "
            + "registry's (default: the graph file's); part of the conversation's configuration.")
    List<String> tools;

    @Option(names = "--out", paramLabel = "DIR", description = "Write the pictures tools draw (boxes, heatmaps) under "
            + "DIR/<thread-id>/ (turn 1) and DIR/<thread-id>_turn<N>/.")
    Path pictures;

    @Mixin
    ModelOptions models = new ModelOptions();

    @Mixin
    StoreOption store;

    /** Where the key and endpoint are read from; tests running the command in-process set their own. */
    Map<String, String> environment = System.getenv();

    /** The user's lines; tests set their own. */
    InputStream input = System.in;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        LoupeBuilder builder = Loupe.builder().graph(graph).store(store.location()).outputDir(pictures);
        models.apply(builder, err, environment);
        if (tools != null) {
            builder.overrides(GraphOverrides.none().tools(tools));
        }
        int worst = 0;
        try (Loupe loupe = builder.build()) {
            Chats chats = loupe.chats();
            String id = openOrStart(loupe, chats, err);
            BufferedReader reader = new BufferedReader(new InputStreamReader(input, StandardCharsets.UTF_8));
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                String text = line.strip();
                if (text.isEmpty()) {
                    continue;
                }
                if (text.equals("/exit")) {
                    break;
                }
                try {
                    if (text.startsWith("/image")) {
                        id = chats.start(null, Path.of(argument(text, "/image PATH")));
                        err.println("a conversation is bound to its image: new conversation " + id);
                    } else if (text.startsWith("/save")) {
                        Path file = Path.of(argument(text, "/save FILE"));
                        Files.writeString(file, chats.export(id).toPrettyString() + System.lineSeparator());
                        err.println("saved conversation " + id + " to " + file);
                    } else if (text.startsWith("/")) {
                        throw LoupeException.badInput("unknown command " + text.split("\\s+")[0] + "; use /image PATH, /save FILE or /exit");
                    } else {
                        Chats.Reply reply = chats.say(id, text);
                        out.println(reply.text().strip());
                    }
                } catch (RuntimeException e) {
                    LoupeException error = Failures.unwrap(e);
                    ErrorHandler.report(spec.commandLine(), error);
                    worst = ExitCodes.worse(worst, error.kind().exitCode());
                }
                out.flush();
                err.flush();
            }
            err.println("conversation " + id + " (continue it with --thread-id " + id + ")");
        }
        return worst;
    }

    /** Continues {@code --thread-id} when it names a conversation, else starts one under it (or a new id). */
    private String openOrStart(Loupe loupe, Chats chats, PrintWriter err) {
        if (threadId != null && loupe.threads().find(threadId).isPresent()) {
            ThreadRecord thread = chats.open(threadId);
            if (image != null) {
                ThreadClaim.requireConversationImage(thread, new ImageLoader(ImageLimits.defaults()).load(image).sha256());
            }
            err.println("continuing conversation " + threadId);
            return threadId;
        }
        String id = chats.start(threadId, image);
        err.println("conversation " + id);
        return id;
    }

    private static String argument(String command, String usage) {
        String[] parts = command.split("\\s+", 2);
        if (parts.length < 2 || parts[1].isBlank()) {
            throw LoupeException.badInput(parts[0] + " needs an argument: " + usage);
        }
        return parts[1].strip();
    }
}
