package dev.loupe.server.diagram;

import java.util.List;
import java.util.Map;

/**
 * The lines of a placed chart's edges: down to the next row directly; round the left side when an
 * edge skips rows; round the right side when it closes a loop (goes back up). Each detour gets its
 * own lane so parallel detours stay apart.
 */
final class EdgeRoutes {

    private final Map<String, Placement.Box> boxes;
    private final Map<String, Integer> rank;
    private final double leftEdge;
    private final double rightEdge;
    private int leftLanes;
    private int rightLanes;

    EdgeRoutes(Map<String, Placement.Box> boxes, Map<String, Integer> rank, double leftEdge, double rightEdge) {
        this.boxes = boxes;
        this.rank = rank;
        this.leftEdge = leftEdge;
        this.rightEdge = rightEdge;
    }

    Placement.Route route(Flowchart.Edge edge, boolean closesLoop) {
        Placement.Box from = boxes.get(edge.from());
        Placement.Box to = boxes.get(edge.to());
        int rows = rank.get(edge.to()) - rank.get(edge.from());
        if (closesLoop || rows <= 0) {
            double lane = rightEdge + (rightLanes++) * LayeredLayout.LANE;
            return new Placement.Route(edge, List.of(
                    new double[]{from.x() + from.width(), from.centreY()}, new double[]{lane, from.centreY()},
                    new double[]{lane, to.centreY()}, new double[]{to.x() + to.width(), to.centreY()}));
        }
        if (rows > 1) {
            double lane = leftEdge - (leftLanes++) * LayeredLayout.LANE;
            return new Placement.Route(edge, List.of(
                    new double[]{from.x(), from.centreY()}, new double[]{lane, from.centreY()},
                    new double[]{lane, to.centreY()}, new double[]{to.x(), to.centreY()}));
        }
        double startY = from.y() + from.height();
        double endY = to.y();
        double middle = (startY + endY) / 2;
        return new Placement.Route(edge, List.of(new double[]{from.centreX(), startY}, new double[]{from.centreX(), middle},
                new double[]{to.centreX(), middle}, new double[]{to.centreX(), endY}));
    }

    int rightLanes() {
        return rightLanes;
    }
}
