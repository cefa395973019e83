package dev.loupe.tool.forensic.metadata;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the XMP packet says about the tools and steps that made the file.
 *
 * @param creatorTool            xmp:CreatorTool
 * @param historySoftwareAgents  every xmpMM:History stEvt:softwareAgent, in order
 * @param historyActions         every xmpMM:History stEvt:action, in order
 * @param documentAncestorsCount how many photoshop:DocumentAncestors entries there are
 * @param digitalSourceType      Iptc4xmpExt:DigitalSourceType, as written (a URI or a bare term)
 * @param provenance             dcterms:provenance (where a remote C2PA manifest lives)
 * @param properties             every property path and value, as metadata-extractor flattens them
 */
public record XmpFacts(String creatorTool, List<String> historySoftwareAgents, List<String> historyActions,
                       int documentAncestorsCount, String digitalSourceType, String provenance,
                       Map<String, String> properties) {

    public static final XmpFacts NONE = new XmpFacts(null, List.of(), List.of(), 0, null, null, Map.of());

    public XmpFacts {
        historySoftwareAgents = List.copyOf(historySoftwareAgents);
        historyActions = List.copyOf(historyActions);
        properties = Collections.unmodifiableMap(new TreeMap<>(properties));
    }

    public boolean isEmpty() {
        return properties.isEmpty();
    }

    /** Whether the packet records edit steps (History) or Photoshop's ancestor documents. */
    public boolean hasEditHistory() {
        return !historyActions.isEmpty() || !historySoftwareAgents.isEmpty() || documentAncestorsCount > 0;
    }
}
