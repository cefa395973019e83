package dev.loupe.server.diagram;

import java.util.Locale;
import java.util.stream.Collectors;

import static dev.loupe.core.Markup.escape;

/**
 * Draws a placed flowchart as a standalone SVG document: rounded boxes for nodes, diamonds for
 * conditions, small dark circles for start and stop, dashed frames for subgraphs, solid arrows for
 * edges and dashed ones for conditional edges. Colours meet WCAG AA contrast on white. The SVG has a
 * title and a description listing the edges, for screen readers.
 */
public final class SvgDiagram {

    private static final String STYLE = "text{font:13px system-ui,-apple-system,'Segoe UI',sans-serif;fill:#111}"
            + ".node{fill:#eef4fb;stroke:#0b4f9c;stroke-width:1.5}.cond{fill:#fff7e0;stroke:#8a5a00;stroke-width:1.5}"
            + ".term{fill:#1d1d1d}.term+text{fill:#fff;font-size:11px}"
            + ".cluster{fill:#f6f7f9;stroke:#555;stroke-dasharray:6 4}.cluster-title{font-weight:600}"
            + ".edge{fill:none;stroke:#333;stroke-width:1.4}.edge.dotted{stroke-dasharray:5 4}.edge-label{font-size:11px}";

    private SvgDiagram() {
    }

    /** The SVG of the Mermaid text LangGraph4j wrote for a graph called {@code name}. */
    public static String ofMermaid(String mermaid, String name) {
        return draw(LayeredLayout.place(MermaidReader.read(mermaid, name)));
    }

    public static String draw(Placement placed) {
        StringBuilder out = new StringBuilder();
        out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(n(placed.width())).append("\" height=\"")
                .append(n(placed.height())).append("\" viewBox=\"0 0 ").append(n(placed.width())).append(' ')
                .append(n(placed.height())).append("\" role=\"img\" aria-labelledby=\"t d\">")
                .append("<title id=\"t\">Graph ").append(escape(placed.chart().id())).append("</title>")
                .append("<desc id=\"d\">").append(escape(describe(placed.chart()))).append("</desc>")
                .append("<style>").append(STYLE).append("</style>")
                .append("<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"8\" markerHeight=\"8\" "
                        + "orient=\"auto-start-reverse\"><path d=\"M0 0L10 5L0 10z\" fill=\"#333\"/></marker></defs>")
                .append("<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>");
        level(out, placed);
        return out.append("</svg>").toString();
    }

    private static void level(StringBuilder out, Placement placed) {
        for (Placement.Route route : placed.routes()) {
            out.append("<path class=\"edge").append(route.edge().dotted() ? " dotted" : "").append("\" marker-end=\"url(#arrow)\" d=\"");
            for (int i = 0; i < route.points().size(); i++) {
                double[] p = route.points().get(i);
                out.append(i == 0 ? 'M' : 'L').append(n(p[0])).append(' ').append(n(p[1]));
            }
            out.append("\"><title>").append(escape(route.edge().from() + " → " + route.edge().to())).append("</title></path>");
            if (route.edge().label() != null) {
                double[] mid = route.points().get(route.points().size() / 2);
                out.append("<text class=\"edge-label\" x=\"").append(n(mid[0] + 4)).append("\" y=\"").append(n(mid[1] - 4))
                        .append("\">").append(escape(route.edge().label())).append("</text>");
            }
        }
        for (Placement.Box box : placed.boxes().values()) {
            Placement sub = placed.subgraphs().get(box.id());
            if (sub != null) {
                out.append("<g data-subgraph=\"").append(escape(box.id())).append("\"><rect class=\"cluster\" x=\"").append(n(box.x()))
                        .append("\" y=\"").append(n(box.y())).append("\" width=\"").append(n(box.width())).append("\" height=\"")
                        .append(n(box.height())).append("\" rx=\"6\"/><text class=\"cluster-title\" x=\"").append(n(box.x() + 10))
                        .append("\" y=\"").append(n(box.y() + 17)).append("\">").append(escape(box.id())).append("</text>")
                        .append("<g transform=\"translate(").append(n(box.x())).append(' ').append(n(box.y() + LayeredLayout.TITLE)).append(")\">");
                level(out, sub);
                out.append("</g></g>");
            } else {
                node(out, box);
            }
        }
    }

    private static void node(StringBuilder out, Placement.Box box) {
        out.append("<g data-node=\"").append(escape(box.id())).append("\">");
        switch (box.shape()) {
            case CIRCLE -> out.append("<circle class=\"term\" cx=\"").append(n(box.centreX())).append("\" cy=\"").append(n(box.centreY()))
                    .append("\" r=\"").append(n(box.width() / 2)).append("\"/>");
            case DIAMOND -> out.append("<polygon class=\"cond\" points=\"").append(n(box.centreX())).append(',').append(n(box.y())).append(' ')
                    .append(n(box.x() + box.width())).append(',').append(n(box.centreY())).append(' ')
                    .append(n(box.centreX())).append(',').append(n(box.y() + box.height())).append(' ')
                    .append(n(box.x())).append(',').append(n(box.centreY())).append("\"/>");
            default -> out.append("<rect class=\"node\" x=\"").append(n(box.x())).append("\" y=\"").append(n(box.y())).append("\" width=\"")
                    .append(n(box.width())).append("\" height=\"").append(n(box.height())).append("\" rx=\"")
                    .append(box.shape() == Flowchart.Shape.ROUNDED ? 8 : 0).append("\"/>");
        }
        out.append("<text x=\"").append(n(box.centreX())).append("\" y=\"").append(n(box.centreY() + 4.5))
                .append("\" text-anchor=\"middle\">").append(escape(box.label())).append("</text></g>");
    }

    /** "forensic: __START__ → vision; vision → agent; …; in agent: …", what a screen reader says. */
    static String describe(Flowchart chart) {
        String edges = chart.edges().stream().map(e -> e.from() + " → " + e.to()).collect(Collectors.joining("; "));
        String inner = chart.subgraphs().stream().map(s -> " In " + describe(s)).collect(Collectors.joining());
        return chart.id() + ": " + edges + "." + inner;
    }

    private static String n(double value) {
        return String.format(Locale.ROOT, "%.1f", value);
    }
}
