package dev.loupe.tool.forensic.copymove;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class ShiftVotesTest {

    @Test
    void peaks_come_most_voted_first_then_by_lowest_shift_key() {
        Random random = new Random(5);
        ShiftVotes votes = new ShiftVotes();
        Map<Integer, Integer> expected = new HashMap<>();
        for (int i = 0; i < 200_000; i++) {
            // many shifts with equal votes, both signs of dy, up to the largest shift allowed
            int dx = random.nextInt(4) == 0 ? ShiftVotes.MAX_SHIFT - 1 - random.nextInt(3) : random.nextInt(300);
            int dy = random.nextInt(600) - 300;
            votes.add(i, i + 1, dx, dy);
            expected.merge(ShiftVotes.key(dx, dy), 1, Integer::sum);
        }
        votes.group();
        int[][] sorted = expected.entrySet().stream()
                .map(e -> new int[]{e.getKey(), e.getValue()})
                .sorted((a, b) -> a[1] != b[1] ? Integer.compare(b[1], a[1]) : Integer.compare(a[0], b[0]))
                .toArray(int[][]::new);
        int[][] peaks = votes.peaks();
        assertEquals(sorted.length, peaks.length);
        for (int p = 0; p < peaks.length; p++) {
            assertArrayEquals(sorted[p], peaks[p], "peak " + p);
        }
    }
}
