package dev.loupe.eval.calibrate;

import dev.loupe.tool.forensic.qtables.TableReference;

import java.util.List;

/**
 * The per-make quantization-table reference rebuilt for each training split. The shipped reference
 * is built from the development set's own originals, so an original checked against it always finds
 * its own tables; a held-out figure computed that way says nothing of a camera the reference has not
 * seen. Every time the fit splits items into what it trains on and what it scores, the reference is
 * rebuilt from the originals it trains on, and every item's table finding is checked against that.
 */
final class FoldTables {

    private FoldTables() {
    }

    /** {@code items}, their table findings checked against a reference of the originals in {@code train}. */
    static List<LabelledFindings> against(List<LabelledFindings> train, List<LabelledFindings> items) {
        if (items.stream().allMatch(item -> item.tables() == null)) {
            return items;
        }
        TableReference reference = new TableReference(train.stream()
                .filter(item -> !item.fake() && item.tables() != null)
                .map(item -> item.tables().asRow(item.id()))
                .toList());
        return items.stream().map(item -> item.checkedAgainst(reference)).toList();
    }
}
