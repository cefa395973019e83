package dev.loupe.tool.forensic.pixel;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class GridComponentsTest {

    @Test
    void two_diagonal_neighbours_are_one_component_and_a_distant_cell_another() {
        boolean[] marked = new boolean[5 * 4];
        marked[0] = true;
        marked[6] = true; // (1, 1): touches (0, 0) by a corner
        marked[19] = true;

        List<GridComponents.Component> found = GridComponents.find(marked, 5, 4);

        assertEquals(2, found.size());
        assertArrayEquals(new int[] {0, 6}, sorted(found.get(0).cells()));
        assertEquals(new GridComponents.Component(found.get(0).cells(), 0, 0, 2, 2), found.get(0));
        assertArrayEquals(new int[] {19}, found.get(1).cells());
    }

    /** The listed-cells form answers as a plain flood fill over the whole grid does, and leaves the grid as it was. */
    @Test
    void the_listed_cells_give_the_components_a_flood_fill_of_the_grid_gives() {
        Random random = new Random(7);
        for (int trial = 0; trial < 200; trial++) {
            int columns = 1 + random.nextInt(40);
            int rows = 1 + random.nextInt(40);
            double density = random.nextDouble() * 0.6;
            boolean[] marked = new boolean[columns * rows];
            List<Integer> listed = new ArrayList<>();
            for (int i = 0; i < marked.length; i++) {
                marked[i] = random.nextDouble() < density;
                if (marked[i]) {
                    listed.add(i);
                }
            }
            boolean[] before = marked.clone();

            List<GridComponents.Component> sparse = GridComponents.find(marked, columns, rows,
                    listed.stream().mapToInt(Integer::intValue).toArray());
            List<int[]> expected = floodFill(before, columns, rows);

            assertArrayEquals(before, marked);
            assertEquals(expected.size(), sparse.size());
            for (int c = 0; c < expected.size(); c++) {
                assertArrayEquals(expected.get(c), sorted(sparse.get(c).cells()), "trial " + trial + ", component " + c);
            }
        }
    }

    /** Components by a recursive-free flood fill, largest first, ties in order of their first cell: the reference. */
    private static List<int[]> floodFill(boolean[] marked, int columns, int rows) {
        int[] label = new int[marked.length];
        List<int[]> components = new ArrayList<>();
        for (int start = 0; start < marked.length; start++) {
            if (!marked[start] || label[start] != 0) {
                continue;
            }
            int id = components.size() + 1;
            List<Integer> cells = new ArrayList<>(List.of(start));
            label[start] = id;
            for (int i = 0; i < cells.size(); i++) {
                int c = cells.get(i) % columns;
                int r = cells.get(i) / columns;
                for (int nr = Math.max(0, r - 1); nr <= Math.min(rows - 1, r + 1); nr++) {
                    for (int nc = Math.max(0, c - 1); nc <= Math.min(columns - 1, c + 1); nc++) {
                        int next = nr * columns + nc;
                        if (marked[next] && label[next] == 0) {
                            label[next] = id;
                            cells.add(next);
                        }
                    }
                }
            }
            components.add(sorted(cells.stream().mapToInt(Integer::intValue).toArray()));
        }
        components.sort((a, b) -> Integer.compare(b.length, a.length));
        return components;
    }

    private static int[] sorted(int[] cells) {
        int[] copy = cells.clone();
        Arrays.sort(copy);
        return copy;
    }
}
