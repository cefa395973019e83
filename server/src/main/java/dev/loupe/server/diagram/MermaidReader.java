package dev.loupe.server.diagram;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the Mermaid flowchart subset LangGraph4j writes ({@code compiled.getGraph(MERMAID, …)}): a
 * front-matter title, {@code flowchart TD}, node declarations in the four shapes, {@code subgraph
 * NAME … end}, solid and dotted edges with an optional {@code |label|}, {@code :::class} suffixes;
 * comments ({@code %%}) and {@code classDef} lines are skipped. A line it does not know is skipped
 * too: the diagram then lacks it, which is better than no diagram.
 */
public final class MermaidReader {

    private static final Pattern TITLE = Pattern.compile("^title:\\s*(.+)$");
    private static final Pattern SUBGRAPH = Pattern.compile("^subgraph\\s+(\\S+)");
    private static final Pattern EDGE = Pattern.compile(
            "^(\\S+?)(?::::\\S+)?\\s+(-->|-\\.->|==>)(?:\\|([^|]*)\\|)?\\s*(\\S+?)(?::::\\S+)?$");
    private static final Pattern NODE = Pattern.compile(
            "^([\\w.-]+)(\\(\\((.*)\\)\\)|\\(\"(.*)\"\\)|\\{\"(.*)\"}|\\[\"(.*)\"]|\\[(.*)])(?::::\\S+)?$");

    private MermaidReader() {
    }

    /** The chart {@code text} describes; {@code fallbackTitle} names it when the text has no title. */
    public static Flowchart read(String text, String fallbackTitle) {
        Deque<Level> open = new ArrayDeque<>();
        Level top = new Level(fallbackTitle);
        open.push(top);
        for (String raw : text.split("\\R")) {
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("%%") || line.startsWith("classDef") || line.equals("---")
                    || line.startsWith("flowchart") || line.startsWith("graph ")) {
                continue;
            }
            Matcher m;
            if ((m = TITLE.matcher(line)).matches()) {
                top.id = m.group(1).strip();
            } else if ((m = SUBGRAPH.matcher(line)).find()) {
                Level sub = new Level(m.group(1));
                open.peek().subgraphs.add(sub);
                open.push(sub);
            } else if (line.equals("end")) {
                if (open.size() > 1) {
                    open.pop();
                }
            } else if ((m = EDGE.matcher(line)).matches()) {
                String label = m.group(3) == null || m.group(3).isBlank() ? null : unquote(m.group(3).strip());
                open.peek().edges.add(new Flowchart.Edge(m.group(1), m.group(4), m.group(2).equals("-.->"), label));
            } else if ((m = NODE.matcher(line)).matches()) {
                open.peek().nodes.add(node(m));
            }
        }
        return top.toChart();
    }

    private static Flowchart.Node node(Matcher m) {
        String id = m.group(1);
        if (m.group(3) != null) {
            return new Flowchart.Node(id, unquote(m.group(3)), Flowchart.Shape.CIRCLE);
        }
        if (m.group(4) != null) {
            return new Flowchart.Node(id, m.group(4), Flowchart.Shape.ROUNDED);
        }
        if (m.group(5) != null) {
            return new Flowchart.Node(id, m.group(5), Flowchart.Shape.DIAMOND);
        }
        return new Flowchart.Node(id, unquote(m.group(6) != null ? m.group(6) : m.group(7)), Flowchart.Shape.BOX);
    }

    private static String unquote(String text) {
        return text.length() >= 2 && text.startsWith("\"") && text.endsWith("\"") ? text.substring(1, text.length() - 1) : text;
    }

    /** One level being read: a mutable builder of a {@link Flowchart}. */
    private static final class Level {
        private String id;
        private final List<Flowchart.Node> nodes = new ArrayList<>();
        private final List<Flowchart.Edge> edges = new ArrayList<>();
        private final List<Level> subgraphs = new ArrayList<>();

        Level(String id) {
            this.id = id;
        }

        Flowchart toChart() {
            return new Flowchart(id, nodes, edges, subgraphs.stream().map(Level::toChart).toList());
        }
    }
}
