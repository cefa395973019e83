package dev.loupe.tool.forensic.region;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class LargestFirstTest {

    private record Region(int size, int found) {
    }

    @Test
    void orders_as_a_stable_sort_by_size_reversed_does() {
        Random random = new Random(8);
        for (int n : new int[]{0, 1, 2, 31, 33, 500, 5000}) {
            List<Region> regions = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                // many equal sizes, so that the order of ties shows; sizes up to the largest int
                int size = random.nextInt(10) == 0 ? Integer.MAX_VALUE - random.nextInt(2) : random.nextInt(20);
                regions.add(new Region(size, i));
            }
            List<Region> expected = new ArrayList<>(regions);
            expected.sort(Comparator.comparingInt(Region::size).reversed());
            assertEquals(expected, LargestFirst.sort(regions, Region::size), "n " + n);
        }
    }

    @Test
    void refuses_a_negative_size() {
        assertThrows(IllegalArgumentException.class, () -> LargestFirst.sort(List.of(new Region(-1, 0)), Region::size));
    }
}
