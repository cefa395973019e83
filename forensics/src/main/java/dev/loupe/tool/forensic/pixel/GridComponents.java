package dev.loupe.tool.forensic.pixel;

import dev.loupe.tool.forensic.region.LargestFirst;

import java.util.ArrayList;
import java.util.List;

/** Connected components (8-neighbourhood) of the marked cells of a grid. */
public final class GridComponents {

    /**
     * One component: its cells and its bounding box in cell units.
     *
     * @param cells  indexes {@code row * columns + column} of the member cells
     * @param column left column of the bounding box
     * @param row    top row of the bounding box
     * @param columns bounding-box width in cells
     * @param rows   bounding-box height in cells
     */
    public record Component(int[] cells, int column, int row, int columns, int rows) {

        public int size() {
            return cells.length;
        }
    }

    private GridComponents() {
    }

    /** The components of {@code marked} (row-major, {@code columns × rows}), largest first. */
    public static List<Component> find(boolean[] marked, int columns, int rows) {
        int count = 0;
        for (boolean m : marked) {
            count += m ? 1 : 0;
        }
        int[] cells = new int[count];
        for (int i = 0, k = 0; k < count; i++) {
            if (marked[i]) {
                cells[k++] = i;
            }
        }
        return find(marked, columns, rows, cells);
    }

    /**
     * The components of {@code marked} whose marked cells are listed, ascending, in {@code cells}; the
     * same answer as {@link #find(boolean[], int, int)}, in time that grows with the marked cells, not
     * the grid: copy-move asks for the components of hundreds of sparse grids. {@code marked} is
     * cleared while cells are visited and restored before returning.
     */
    public static List<Component> find(boolean[] marked, int columns, int rows, int[] cells) {
        int[] stack = new int[cells.length];
        List<Component> found = new ArrayList<>();
        for (int start : cells) {
            if (!marked[start]) {
                continue; // in a component found already
            }
            int top = 0;
            int count = 0;
            int[] members = new int[16];
            stack[top++] = start;
            marked[start] = false;
            int minC = Integer.MAX_VALUE, minR = Integer.MAX_VALUE, maxC = -1, maxR = -1;
            while (top > 0) {
                int cell = stack[--top];
                if (count == members.length) {
                    members = java.util.Arrays.copyOf(members, count * 2);
                }
                members[count++] = cell;
                int c = cell % columns;
                int r = cell / columns;
                minC = Math.min(minC, c);
                maxC = Math.max(maxC, c);
                minR = Math.min(minR, r);
                maxR = Math.max(maxR, r);
                for (int dr = -1; dr <= 1; dr++) {
                    for (int dc = -1; dc <= 1; dc++) {
                        int nc = c + dc;
                        int nr = r + dr;
                        if (nc < 0 || nr < 0 || nc >= columns || nr >= rows) {
                            continue;
                        }
                        int next = nr * columns + nc;
                        if (marked[next]) {
                            marked[next] = false;
                            stack[top++] = next;
                        }
                    }
                }
            }
            found.add(new Component(java.util.Arrays.copyOf(members, count), minC, minR, maxC - minC + 1, maxR - minR + 1));
        }
        for (int cell : cells) {
            marked[cell] = true;
        }
        return LargestFirst.sort(found, Component::size);
    }
}
