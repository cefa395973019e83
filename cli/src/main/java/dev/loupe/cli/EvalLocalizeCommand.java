package dev.loupe.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.core.LoupeException;
import dev.loupe.eval.localize.LocalizationRun;
import dev.loupe.eval.manifest.Manifest;
import dev.loupe.tool.forensic.regionmap.Weights;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code loupe eval localize MANIFEST}: the region map against the manifest's masks, per forgery kind. */
@Command(name = "localize", mixinStandardHelpOptions = true,
        description = {"Score the suspicious-region map (and each pixel technique's map) against the manifest's `mask` "
                + "column: pixel-F1 and IoU per `kind` at a threshold fixed on the other folds (`fold`), the best "
                + "per-item F1 (oracle), and each map's peak as a per-item score (AUROC of careful forgeries against "
                + "authentic items).",
                "Runs the pixel techniques only (no graph, no model). Writes localization.json into --out."})
final class EvalLocalizeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "MANIFEST", description = "A manifest with label, kind, fold, mask and area_pct columns.")
    Path manifest;

    @Option(names = "--out", paramLabel = "DIR", description = "Where to write localization.json (default: none).")
    Path out;

    @Option(names = "--limit", paramLabel = "N", description = "Only the first N items.")
    Integer limit;

    @Option(names = "--weights", split = ",", paramLabel = "W",
            description = "The region map's component weights: noise_residual,cfa,block_grid,ela,same_quantization,adq,"
                    + "jpeg_ghost,learned_residual,copy_move_keypoints; components left off keep the shipped weights.")
    List<Double> weights;

    @Option(names = "--learned-models", paramLabel = "DIR",
            description = "A folder of fold-K.onnx learned residual models (evaluation/learned/train.py writes them): each "
                    + "item's learned map from its own fold's model, one that never saw it (default: the shipped model).")
    Path learnedModels;

    @Override
    public Integer call() throws Exception {
        Weights chosen = Weights.DEFAULT;
        if (weights != null) {
            try {
                chosen = Weights.of(weights, Weights.DEFAULT.threshold());
            } catch (IllegalArgumentException e) {
                throw LoupeException.badInput("--weights " + e.getMessage());
            }
        }
        PrintWriter err = spec.commandLine().getErr();
        ObjectNode report = LocalizationRun.run(Manifest.load(manifest).limit(limit), chosen, learnedModels, out, err);
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.print(LocalizationRun.text(report));
        stdout.flush();
        return 0;
    }
}
