package dev.loupe.cli;

import dev.loupe.AnalysisOptions;
import dev.loupe.core.Failures;
import dev.loupe.Loupe;
import dev.loupe.LoupeBuilder;
import dev.loupe.core.LoupeException;
import dev.loupe.core.StartupMarks;
import dev.loupe.graph.AnalysisResult;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import dev.loupe.image.ImageLimits;
import dev.loupe.image.ImageLoader;
import dev.loupe.image.LoadedImage;
import dev.loupe.tool.forensic.provenance.c2pa.trust.TrustAnchors;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code loupe analyze IMAGE…}: one verdict with its evidence per image; a bad image does not stop the rest. */
@Command(name = "analyze", mixinStandardHelpOptions = true,
        description = "Analyse images: camera original (real), manipulated or AI-generated (fake), or uncertain, "
                + "with the evidence.")
final class AnalyzeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "IMAGE", description = "Image files (JPEG, PNG, GIF, WebP, TIFF, BMP).")
    List<Path> images;

    @Mixin
    GraphOption graph = new GraphOption();

    @Mixin
    ModelOptions models = new ModelOptions();

    @Mixin
    TraceOption trace = new TraceOption();

    /** Where the key and endpoint are read from; tests running the command in-process set their own. */
    Map<String, String> environment = System.getenv();

    @Option(names = "--max-iterations", paramLabel = "N|none",
            description = "Model turns the agent may take, or none for no limit of its own (default: the graph file's).")
    String maxIterations;

    @Option(names = "--prompt", paramLabel = "TEXT", description = "Your own question or instruction, passed into the graph's prompts.")
    String question;

    @Option(names = "--no-tools", description = "Skip the agent: vision, then structuring.")
    boolean noTools;

    @Option(names = "--json", description = "Print one JSON object per image per line.")
    boolean json;

    @Option(names = "--out", paramLabel = "DIR", description = "Write tool pictures (heatmaps, overlays) under DIR/<thread-id>/.")
    Path out;

    @Option(names = "--thread-id", paramLabel = "ID", converter = ThreadIdConverter.class,
            description = "Run under this thread id (one image only): letters, digits, . _ -, as it names its folder under --out.")
    String threadId;

    @Option(names = "--c2pa-trust", paramLabel = "FILE", description = "Also trust the C2PA signers that chain to the PEM "
            + "certificates in FILE (repeatable; added to the shipped list and to LOUPE_C2PA_TRUST's files).")
    List<Path> c2paTrust = new ArrayList<>();

    @Mixin
    StoreOption store;

    /** Whether progress is drawn (standard error on a terminal); tests set it. */
    boolean terminal = System.console() != null;

    @Override
    public Integer call() {
        StartupMarks.mark("arguments parsed");
        PrintWriter stdout = spec.commandLine().getOut();
        if (threadId != null && images.size() > 1) {
            throw LoupeException.badInput("--thread-id names one thread; give one image with it, not " + images.size());
        }
        // Check every file before building anything: a bad file is answered in milliseconds, and when
        // no file is good the graph, the store and the models are never set up. Only the first good
        // image is kept; the others are read again when their turn comes, so a long list of large
        // files is never held in memory at once.
        ImageLoader loader = new ImageLoader(ImageLimits.defaults());
        List<LoupeException> refused = new ArrayList<>();
        LoadedImage first = null;
        for (Path image : images) {
            try {
                LoadedImage loaded = loader.load(image);
                first = first == null ? loaded : first;
                refused.add(null);
            } catch (LoupeException e) {
                refused.add(e);
            }
        }
        int worst = 0;
        if (first == null) {
            for (LoupeException failure : refused) {
                worst = report(failure, worst);
            }
            return worst;
        }
        StartupMarks.mark("images checked");
        hashMeanwhile(first);
        AnalyzeProgress progress = new AnalyzeProgress(spec.commandLine().getErr(), terminal, images.size());
        try (Loupe loupe = builder().decodeAhead(first).build()) {
            StartupMarks.mark("graph built");
            for (int i = 0; i < images.size(); i++) {
                LoupeException bad = refused.get(i);
                LoadedImage image = null;
                if (bad == null) {
                    try {
                        image = first != null ? first : loader.load(images.get(i));
                        first = null;
                    } catch (LoupeException changed) {
                        bad = changed;
                    }
                }
                if (bad != null) {
                    progress.clear();
                    worst = report(bad, worst);
                    progress.finished();
                    continue;
                }
                progress.starting(images.get(i).getFileName().toString());
                try {
                    AnalysisResult result = loupe.analyze(image, AnalysisOptions.threadId(threadId).withQuestion(question)
                            .withListener(progress::event));
                    StartupMarks.mark("analysed");
                    progress.clear();
                    stdout.println(ResultPrinter.render(result, json));
                    stdout.flush();
                } catch (RuntimeException e) {
                    progress.clear();
                    worst = report(Failures.unwrap(e), worst);
                }
                progress.finished();
            }
        } finally {
            progress.end();
        }
        return worst;
    }

    /**
     * Hashes the first image on another core while this one builds the graph and the store: before
     * the JIT warms up, the SHA-256 of a 24 MP JPEG takes about as long as that set-up.
     */
    private static void hashMeanwhile(LoadedImage image) {
        Thread hashing = new Thread(image::sha256, "loupe-hash");
        hashing.setDaemon(true);
        hashing.start();
    }

    private LoupeBuilder builder() {
        LoupeBuilder builder = trace.apply(Loupe.builder().graph(graph.graph()).outputDir(out).store(store.location()));
        models.apply(builder, spec.commandLine().getErr(), environment);
        if (maxIterations != null) {
            builder.maxIterations(MaxIterations.parse(maxIterations));
        }
        if (noTools) {
            builder.useTools(false);
        }
        if (!c2paTrust.isEmpty()) {
            builder.resource(TrustAnchors.class, c2paAnchors());
        }
        return builder;
    }

    private TrustAnchors c2paAnchors() {
        try {
            TrustAnchors anchors = TrustAnchors.standard(environment);
            for (Path file : c2paTrust) {
                anchors = anchors.plus(file);
            }
            return anchors;
        } catch (IllegalArgumentException e) {
            throw LoupeException.badInput(e.getMessage());
        }
    }

    private int report(LoupeException error, int worst) {
        ErrorHandler.report(spec.commandLine(), error);
        return ExitCodes.worse(worst, error.kind().exitCode());
    }

    CommandLine commandLine() {
        return spec.commandLine();
    }
}
