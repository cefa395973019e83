package dev.loupe.eval.calibrate;

import dev.loupe.eval.metrics.ContentClass;
import dev.loupe.tool.forensic.policy.CombinedFindings;
import dev.loupe.tool.forensic.policy.ExplainedFindings;
import dev.loupe.tool.forensic.qtables.TableCheck;
import dev.loupe.tool.forensic.qtables.TableFacts;
import dev.loupe.tool.forensic.qtables.TableReference;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One scored item of a run, as calibration sees it: its label, its fold, its category, the photo it
 * was made from, and the finding codes its analysis reported (each with the tool that reported it).
 *
 * @param id       the item's id in the run
 * @param fake     the label: true for fake
 * @param fold     the cross-validation fold (the manifest's {@code fold} column)
 * @param category the manifest's category, or "" when it has none
 * @param group    the photo the item was made from (an original and its derivatives share one), for
 *                 resampling whole photos when intervals are bootstrapped
 * @param findings finding code → tool that reported it
 * @param tables   the file's EXIF make and quantization tables, or null when it has none (or they were
 *                 not read): the {@value #TABLE_TOOL} finding is recomputed from them per fold
 * @param content  what the item is for the content question (the class its bar is set for)
 */
public record LabelledFindings(String id, boolean fake, int fold, String category, String group,
                               Map<String, String> findings, TableFacts tables, ContentClass content) {

    /** The tool whose finding depends on a reference built from the set's own originals. */
    public static final String TABLE_TOOL = "quant_tables";

    /** The category of a camera original saved again as the camera would, no pixel changed. */
    public static final String RESAVE = ContentClass.RESAVE;

    public LabelledFindings {
        findings = Map.copyOf(findings);
    }

    /** An item that is its own group and whose tables were not read. */
    public LabelledFindings(String id, boolean fake, int fold, String category, Map<String, String> findings) {
        this(id, fake, fold, category, id, findings, null);
    }

    /** An item whose content class follows from its label and category alone. */
    public LabelledFindings(String id, boolean fake, int fold, String category, String group,
                            Map<String, String> findings, TableFacts tables) {
        this(id, fake, fold, category, group, findings, tables, ContentClass.of(fake, category, Map.of()));
    }

    public Set<String> codes() {
        return findings.keySet();
    }

    /** The careful forgeries: content changed, saved with the camera's own tables, EXIF, thumbnail and layout. */
    public boolean careful() {
        return content == ContentClass.CAREFUL;
    }

    /**
     * A re-save with the camera's tables and no pixel changed: not the camera's file, but no forgery of
     * content either, so it is left out of the fit and of the targets and reported on its own
     * (evaluation/README.md, "Re-saves are not forgeries").
     */
    public boolean resave() {
        return RESAVE.equals(category);
    }

    /** This item with the findings its own make together ({@link CombinedFindings}), reported by the policy. */
    LabelledFindings combinedBy(CombinedFindings combined) {
        List<String> made = combined.of(findings.keySet());
        if (made.isEmpty()) {
            return this;
        }
        Map<String, String> more = new LinkedHashMap<>(findings);
        made.forEach(code -> more.putIfAbsent(code, "policy"));
        return new LabelledFindings(id, fake, fold, category, group, more, tables, content);
    }

    /** This item without the findings of {@code codes} (the file's history, which the policy does not weigh). */
    LabelledFindings without(Set<String> codes) {
        if (codes.stream().noneMatch(findings::containsKey)) {
            return this;
        }
        Map<String, String> weighed = new LinkedHashMap<>(findings);
        weighed.keySet().removeAll(codes);
        return new LabelledFindings(id, fake, fold, category, group, weighed, tables, content);
    }

    /** This item without the findings that others it has explain away (the policy lists them unweighed). */
    LabelledFindings without(ExplainedFindings explained) {
        Set<String> kept = explained.unexplained(findings.keySet());
        if (kept.size() == findings.size()) {
            return this;
        }
        Map<String, String> weighed = new LinkedHashMap<>(findings);
        weighed.keySet().retainAll(kept);
        return new LabelledFindings(id, fake, fold, category, group, weighed, tables, content);
    }

    /**
     * This item with its {@value #TABLE_TOOL} finding as a check against {@code reference} would give
     * it; unchanged when the tool reported nothing for it or its tables were not read.
     */
    LabelledFindings checkedAgainst(TableReference reference) {
        if (tables == null || !findings.containsValue(TABLE_TOOL)) {
            return this;
        }
        Map<String, String> checked = new LinkedHashMap<>(findings);
        checked.values().removeIf(TABLE_TOOL::equals);
        checked.put(TableCheck.of(tables, reference).code(), TABLE_TOOL);
        return new LabelledFindings(id, fake, fold, category, group, checked, tables, content);
    }
}
