package dev.loupe.eval.report;

import dev.loupe.core.Markup;
import dev.loupe.eval.metrics.RankScores;

import java.util.Map;

/**
 * The report's ranked fields: one row per list column ({@code answer_passages.*.position}) with
 * recall at 1 and 3 and the mean reciprocal rank, as {@code metrics.json} and the summary give them.
 */
final class RankTable {

    private RankTable() {
    }

    static void append(StringBuilder page, Map<String, RankScores> ranks) {
        if (ranks.isEmpty()) {
            return;
        }
        page.append("<h2>Ranked fields</h2><table><tr><th>field</th><th>recall@1</th><th>recall@3</th><th>MRR</th></tr>");
        ranks.forEach((field, r) -> page.append("<tr><td><code>").append(Markup.escape(field)).append("</code></td><td>")
                .append(Html.rate(r.recallAt1())).append("</td><td>").append(Html.rate(r.recallAt3()))
                .append("</td><td class=\"n\">").append(Html.number(r.mrr(), 3)).append("</td></tr>"));
        page.append("</table><p class=\"sub\">Where the manifest's right answer stood in the list the graph gave: "
                + "first (recall@1), among the first three (recall@3), and the mean of 1/rank (0 when it was not there).</p>");
    }
}
