package dev.loupe.server.diagram;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Places a flowchart top to bottom in rows, the way Mermaid's {@code TD} reads: edges that close a
 * loop are found by a depth-first walk from the start and left out of the ranking; every node goes
 * one row below its lowest predecessor; rows are ordered by the mean position of each node's
 * predecessors and centred. Edges to the next row go straight down, edges that skip rows go round
 * the left side, and loop-closing edges round the right side, so none crosses a node. A subgraph is
 * laid out first and then placed as one large node.
 */
public final class LayeredLayout {

    static final double CHAR_WIDTH = 7.4;
    static final double ROW_GAP = 40;
    static final double NODE_GAP = 28;
    static final double MARGIN = 16;
    static final double LANE = 12;
    static final double TITLE = 24;

    private LayeredLayout() {
    }

    public static Placement place(Flowchart chart) {
        Map<String, Placement> inner = new LinkedHashMap<>();
        chart.subgraphs().forEach(sub -> inner.put(sub.id(), place(sub)));
        Map<String, Placement.Box> sizes = sizes(chart, inner);
        List<Flowchart.Edge> edges = chart.edges().stream()
                .filter(e -> sizes.containsKey(e.from()) && sizes.containsKey(e.to())).toList();
        Set<Flowchart.Edge> loops = loopEdges(sizes.keySet(), edges);
        Map<String, Integer> rank = ranks(sizes.keySet(), edges, loops);
        List<List<String>> rows = rows(sizes.keySet(), rank, edges, loops);

        Map<String, Placement.Box> boxes = new LinkedHashMap<>();
        double widest = rows.stream().mapToDouble(row -> rowWidth(row, sizes)).max().orElse(0);
        int skips = (int) edges.stream().filter(e -> !loops.contains(e) && rank.get(e.to()) - rank.get(e.from()) > 1).count();
        double left = MARGIN + (skips + 1) * LANE;
        double y = MARGIN;
        for (List<String> row : rows) {
            double height = row.stream().mapToDouble(id -> sizes.get(id).height()).max().orElse(0);
            double x = left + (widest - rowWidth(row, sizes)) / 2;
            for (String id : row) {
                Placement.Box size = sizes.get(id);
                boxes.put(id, new Placement.Box(id, size.label(), size.shape(), x, y + (height - size.height()) / 2,
                        size.width(), size.height()));
                x += size.width() + NODE_GAP;
            }
            y += height + ROW_GAP;
        }
        EdgeRoutes routes = new EdgeRoutes(boxes, rank, left - LANE, left + widest + LANE);
        List<Placement.Route> drawn = edges.stream().map(e -> routes.route(e, loops.contains(e))).toList();
        double width = left + widest + (routes.rightLanes() + 1) * LANE + MARGIN;
        double height = Math.max(y - ROW_GAP + MARGIN, 2 * MARGIN);
        return new Placement(chart, width, height, boxes, inner, drawn);
    }

    /** Each node's size (position 0, 0): from its label, or the subgraph's own layout plus a title band. */
    private static Map<String, Placement.Box> sizes(Flowchart chart, Map<String, Placement> inner) {
        Map<String, Placement.Box> sizes = new LinkedHashMap<>();
        for (Flowchart.Node node : chart.nodes()) {
            sizes.put(node.id(), sized(node.id(), node.label(), node.shape()));
        }
        inner.forEach((id, placed) -> sizes.put(id, new Placement.Box(id, id, null, 0, 0, placed.width(), placed.height() + TITLE)));
        // Mermaid lets an edge name a node it never declared; draw it as a plain box.
        for (Flowchart.Edge edge : chart.edges()) {
            for (String id : List.of(edge.from(), edge.to())) {
                sizes.computeIfAbsent(id, missing -> sized(missing, missing, Flowchart.Shape.BOX));
            }
        }
        return sizes;
    }

    private static Placement.Box sized(String id, String label, Flowchart.Shape shape) {
        double text = label.length() * CHAR_WIDTH;
        return switch (shape) {
            case CIRCLE -> new Placement.Box(id, label, shape, 0, 0, Math.max(44, text + 14), Math.max(44, text + 14));
            case DIAMOND -> new Placement.Box(id, label, shape, 0, 0, text + 48, 46);
            default -> new Placement.Box(id, label, shape, 0, 0, text + 28, 34);
        };
    }

    /** Edges that close a cycle: those reaching a node still on the depth-first path, starting from nodes nothing points at. */
    private static Set<Flowchart.Edge> loopEdges(Set<String> ids, List<Flowchart.Edge> edges) {
        Set<Flowchart.Edge> loops = new HashSet<>();
        Set<String> done = new HashSet<>();
        Set<String> onPath = new HashSet<>();
        List<String> starts = new ArrayList<>(ids.stream().filter(id -> edges.stream().noneMatch(e -> e.to().equals(id))).toList());
        starts.addAll(ids);
        for (String start : starts) {
            walk(start, edges, done, onPath, loops);
        }
        return loops;
    }

    private static void walk(String id, List<Flowchart.Edge> edges, Set<String> done, Set<String> onPath, Set<Flowchart.Edge> loops) {
        if (done.contains(id)) {
            return;
        }
        onPath.add(id);
        for (Flowchart.Edge edge : edges) {
            if (edge.from().equals(id)) {
                if (onPath.contains(edge.to())) {
                    loops.add(edge);
                } else {
                    walk(edge.to(), edges, done, onPath, loops);
                }
            }
        }
        onPath.remove(id);
        done.add(id);
    }

    /** The longest path from a source over the edges that close no loop (those form a DAG). */
    private static Map<String, Integer> ranks(Set<String> ids, List<Flowchart.Edge> edges, Set<Flowchart.Edge> loops) {
        Map<String, Integer> rank = new HashMap<>();
        ids.forEach(id -> rank.put(id, 0));
        // At most |ids| rounds of relaxation settle the longest paths of a DAG.
        for (int round = 0; round < ids.size(); round++) {
            boolean changed = false;
            for (Flowchart.Edge edge : edges) {
                if (!loops.contains(edge) && !edge.from().equals(edge.to()) && rank.get(edge.to()) <= rank.get(edge.from())) {
                    rank.put(edge.to(), rank.get(edge.from()) + 1);
                    changed = true;
                }
            }
            if (!changed) {
                break;
            }
        }
        return rank;
    }

    /** Nodes by row, each row ordered by the mean column of its predecessors (declaration order breaks ties). */
    private static List<List<String>> rows(Set<String> ids, Map<String, Integer> rank, List<Flowchart.Edge> edges, Set<Flowchart.Edge> loops) {
        int deepest = rank.values().stream().mapToInt(Integer::intValue).max().orElse(0);
        List<List<String>> rows = new ArrayList<>();
        Map<String, Double> column = new HashMap<>();
        List<String> declared = new ArrayList<>(new LinkedHashSet<>(ids));
        for (int r = 0; r <= deepest; r++) {
            final int current = r;
            List<String> row = new ArrayList<>(declared.stream().filter(id -> rank.get(id) == current).toList());
            row.sort(Comparator.comparingDouble(id -> edges.stream()
                    .filter(e -> e.to().equals(id) && !loops.contains(e) && column.containsKey(e.from()))
                    .mapToDouble(e -> column.get(e.from())).average().orElse(declared.indexOf(id))));
            for (int i = 0; i < row.size(); i++) {
                column.put(row.get(i), i - (row.size() - 1) / 2.0);
            }
            rows.add(row);
        }
        return rows;
    }

    private static double rowWidth(List<String> row, Map<String, Placement.Box> sizes) {
        return row.stream().mapToDouble(id -> sizes.get(id).width()).sum() + NODE_GAP * Math.max(0, row.size() - 1);
    }
}
