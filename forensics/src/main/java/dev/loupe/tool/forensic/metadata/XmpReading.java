package dev.loupe.tool.forensic.metadata;

import com.drew.metadata.Metadata;
import com.drew.metadata.xmp.XmpDirectory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Picks the {@link XmpFacts} out of the XMP packets metadata-extractor parsed. */
final class XmpReading {

    private static final int MAX_PROPERTIES = 500;
    private static final Pattern HISTORY_AGENT = Pattern.compile("xmpMM:History\\[(\\d{1,6})]/stEvt:softwareAgent");
    private static final Pattern HISTORY_ACTION = Pattern.compile("xmpMM:History\\[(\\d{1,6})]/stEvt:action");
    private static final Pattern ANCESTOR = Pattern.compile("photoshop:DocumentAncestors\\[\\d+]");

    private XmpReading() {
    }

    static XmpFacts read(Metadata metadata) {
        Map<String, String> properties = new LinkedHashMap<>();
        for (XmpDirectory directory : metadata.getDirectoriesOfType(XmpDirectory.class)) {
            for (Map.Entry<String, String> entry : directory.getXmpProperties().entrySet()) {
                if (properties.size() < MAX_PROPERTIES && entry.getValue() != null) {
                    properties.putIfAbsent(entry.getKey(), entry.getValue());
                }
            }
        }
        if (properties.isEmpty()) {
            return XmpFacts.NONE;
        }
        Map<Integer, String> agents = new TreeMap<>();
        Map<Integer, String> actions = new TreeMap<>();
        int ancestors = 0;
        String digitalSourceType = null;
        for (Map.Entry<String, String> entry : properties.entrySet()) {
            String key = entry.getKey();
            // the properties come unordered: the History index restores the order of the steps
            Matcher agent = HISTORY_AGENT.matcher(key);
            Matcher action = HISTORY_ACTION.matcher(key);
            if (agent.matches()) {
                agents.put(Integer.parseInt(agent.group(1)), entry.getValue());
            } else if (action.matches()) {
                actions.put(Integer.parseInt(action.group(1)), entry.getValue());
            } else if (ANCESTOR.matcher(key).matches()) {
                ancestors++;
            } else if (key.endsWith(":DigitalSourceType") && digitalSourceType == null) {
                digitalSourceType = entry.getValue();
            }
        }
        return new XmpFacts(properties.get("xmp:CreatorTool"), new ArrayList<>(agents.values()),
                new ArrayList<>(actions.values()), ancestors, digitalSourceType,
                properties.get("dcterms:provenance"), properties);
    }
}
