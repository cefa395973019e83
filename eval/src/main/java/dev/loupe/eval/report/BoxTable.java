package dev.loupe.eval.report;

import dev.loupe.core.Markup;
import dev.loupe.eval.detect.BoxScores;

import java.util.Map;

/** The report's box scores: one row per label and one for all, when the manifest had boxes. */
final class BoxTable {

    private BoxTable() {
    }

    static void append(StringBuilder page, Map<String, BoxScores> boxes) {
        if (boxes.isEmpty()) {
            return;
        }
        page.append("<h2>Boxes</h2><table><tr><th>label</th><th>labelled</th><th>found</th><th>hits at IoU 0.5</th>"
                + "<th>mean IoU</th><th>IoU of matched</th><th>precision at 0.5</th><th>recall at 0.5</th></tr>");
        boxes.forEach((label, s) -> page.append("<tr><td>").append(Markup.escape(label)).append("</td><td>").append(s.labelled())
                .append("</td><td>").append(s.found()).append("</td><td>").append(s.hits()).append("</td><td>")
                .append(Html.number(s.meanIou(), 3)).append("</td><td>").append(Html.number(s.meanMatchedIou(), 3))
                .append("</td><td>").append(Html.number(s.precision(), 3)).append("</td><td>").append(Html.number(s.recall(), 3))
                .append("</td></tr>"));
        page.append("</table><p class=\"sub\">Found boxes are matched one to one with the drawn boxes of the same label, "
                + "highest IoU first; mean IoU counts a drawn box nothing matched as 0.</p>");
    }
}
