package dev.loupe.eval.calibrate;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.eval.metrics.ContentBars;
import dev.loupe.eval.metrics.Rate;
import dev.loupe.tool.forensic.qtables.TableCheck;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The calibration's results for people ({@link #text()}, Markdown) and for machines ({@link #json()}):
 * the held-out figures against the targets beside the graph file's policy as written on the
 * same items, the per-category verdicts, the per-tool table, and the policy fitted on every fold.
 *
 * @param figures   the fitted policy's, held out
 * @param written   the graph file's policy as written, on the same items (it was not fitted to them)
 * @param tools     what each tool adds, held out
 * @param heldOut   the fitted policy's held-out scores
 * @param fitted    the policy fitted on every fold, to write into the graph file
 * @param graph     the graph file refitted, and where the weights the fit shrinks toward came from
 */
public record CalibrationReport(ContentBars figures, ContentBars written, ToolContributions tools,
                                HeldOut heldOut, FittedPolicy fitted, GraphPolicy graph) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * Runs the whole procedure on the items: outer cross-validation, the graph file's policy scored on
     * the same items, the per-tool table, the final fit; on each item's findings but those the graph
     * file's policy explains away.
     *
     * @param held finding codes whose weights stay the graph file's (only rescaled)
     */
    public static CalibrationReport of(List<LabelledFindings> found, GraphPolicy graph, Set<String> held) {
        // History findings are left out of the fit; a table finding only after each fold's table check, which
        // may turn it into another (FoldTables), so the fitter itself never weighs them.
        Set<String> history = graph.history().processed();
        Set<String> stripped = history.stream().filter(code -> !TableCheck.CODES.contains(code)).collect(Collectors.toSet());
        List<LabelledFindings> items = found.stream()
                .map(item -> item.combinedBy(graph.combined()).without(graph.explained()).without(stripped)).toList();
        // Consistency a forger controls may speak for real (up to the cap), never for fake: in a set made to
        // test forgers who control it, the data says only how often they chose to.
        PolicyFitter fitter = new PolicyFitter(graph.prior(), held, graph.minEvidence(), history,
                graph.realConfidence().forgerControlled());
        Set<String> controlled = graph.realConfidence().forgerControlled();
        HeldOut heldOut = HeldOut.of(items, fitter, controlled);
        List<LabelledFindings> content = items.stream().filter(item -> !item.resave()).toList();
        return new CalibrationReport(CalibrationFigures.of(heldOut, graph.realConfidence(), graph.history()),
                CalibrationFigures.of(HeldOut.scoredBy(items, graph.asWritten(), controlled), graph.realConfidence(),
                        graph.history()),
                ToolContributions.of(content, graph.prior(), held, history, fitter.nonPositive(), graph.tools()), heldOut, fitter.fit(items), graph);
    }

    /** The report in Markdown: the figures, the verdicts per category, the tool table, the fitted policy. */
    public String text() {
        return CalibrationText.of(this);
    }

    public ObjectNode json() {
        ObjectNode root = JSON.createObjectNode();
        ObjectNode held = root.putObject("held_out");
        held.put("items", heldOut.items().size()).put("folds", heldOut.policies().size())
                .put("prior_from", graph.priorFrom()).put("prior_fitted_by", graph.priorFittedBy());
        held.setAll(figures.json());
        root.set("graph_file_as_written", written.json());
        ArrayNode items = held.putArray("items_scored");
        for (int i = 0; i < heldOut.items().size(); i++) {
            LabelledFindings item = heldOut.items().get(i);
            items.addObject().put("id", item.id()).put("fold", item.fold()).put("category", item.category())
                    .put("expected", item.fake() ? "fake" : "real").put("p_fake", heldOut.pFake()[i])
                    .put("verdict", heldOut.verdicts()[i]);
        }
        ArrayNode table = root.putObject("tools").put("auroc_all", tools.all()).putArray("rows");
        tools.rows().forEach(r -> table.addObject().put("tool", r.tool()).put("findings", r.findings())
                .put("auroc_alone", Double.isNaN(r.alone()) ? null : r.alone()).put("auroc_drop_without", r.drop()));
        ObjectNode policy = root.putObject("fitted_policy");
        policy.put("bias", fitted.bias()).put("fake_threshold", fitted.fakeThreshold())
                .put("real_threshold", fitted.realThreshold()).put("lambda", fitted.lambda());
        ObjectNode map = policy.putObject("calibration").put("kind", fitted.calibration().map().kind())
                .put("held_out_brier_platt", fitted.calibration().platt())
                .put("held_out_brier_isotonic", fitted.calibration().isotonic());
        if (fitted.calibration().map() instanceof PlattMap platt) {
            map.put("a", platt.a()).put("b", platt.b());
        } else if (fitted.calibration().map() instanceof IsotonicMap isotonic) {
            ArrayNode logits = map.putArray("logits");
            ArrayNode p = map.putArray("p_fake");
            for (int i = 0; i < isotonic.curve().logits().length; i++) {
                logits.add(isotonic.curve().logits()[i]);
                p.add(isotonic.curve().pFake()[i]);
            }
        }
        ObjectNode weights = policy.putObject("weights");
        fitted.weights().entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> weights.put(e.getKey(), e.getValue()));
        return root;
    }
}
