package dev.loupe.server.diagram;

import java.util.List;
import java.util.Map;

/**
 * A flowchart with every node placed: boxes relative to the chart's top-left corner, the placements
 * of its subgraphs (drawn inside their boxes), and each edge as a polyline of points.
 */
public record Placement(Flowchart chart, double width, double height, Map<String, Box> boxes,
                        Map<String, Placement> subgraphs, List<Route> routes) {

    /** Where a node sits and how it is drawn; a subgraph's box has a null shape. */
    public record Box(String id, String label, Flowchart.Shape shape, double x, double y, double width, double height) {
        double centreX() {
            return x + width / 2;
        }

        double centreY() {
            return y + height / 2;
        }
    }

    /** An edge drawn through {@code points} (x, y pairs), the last one the arrow's tip. */
    public record Route(Flowchart.Edge edge, List<double[]> points) {
    }
}
