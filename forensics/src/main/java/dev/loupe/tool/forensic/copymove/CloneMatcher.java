package dev.loupe.tool.forensic.copymove;

import dev.loupe.tool.forensic.pixel.GridComponents;
import dev.loupe.tool.forensic.region.PixelBox;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Pairs near-identical block descriptions and keeps the shift vectors that a connected region of
 * blocks agrees on, unless {@link SelfSimilarity} says the region is content that matches itself. Works in the coordinates of the (possibly downscaled) plane; {@link #find} maps
 * the boxes back to full-image pixels.
 */
final class CloneMatcher {

    /** How many following entries of the sorted order each block is compared with. */
    private static final int WINDOW = 10;
    /**
     * Largest difference of a coefficient for two blocks to count as copies: an absolute part for
     * noise and recompression, and a part relative to the coefficient because a copy rarely lands on
     * the analysis grid exactly and a sub-pixel phase changes strong coefficients most.
     */
    private static final float ABSOLUTE_TOLERANCE = 3.0f;
    private static final float RELATIVE_TOLERANCE = 0.06f;
    /** Quantisation step of the sort key's coefficients: coarse, so that copies rarely straddle a bin. */
    private static final float KEY_STEP = 16f;
    /** Shift vectors closer than this (Chebyshev, plane pixels) are merged: downscaling blurs them. */
    private static final int SHIFT_TOLERANCE = 1;
    /** Cell size of the coherence grid: matched blocks closer than about this are neighbours. */
    private static final int COHERENCE_CELL = 4;
    /** The low bits of a sort key that hold the block index. */
    private static final int INDEX_BITS = 21;
    private static final long INDEX_MASK = (1L << INDEX_BITS) - 1;

    private final int minShift;
    private final int minBlocks;

    /**
     * @param minShift  shortest shift (plane pixels) accepted: nearby blocks always look alike
     * @param minBlocks fewest connected matched blocks that make a region
     */
    CloneMatcher(int minShift, int minBlocks) {
        this.minShift = minShift;
        this.minBlocks = minBlocks;
    }

    /**
     * The region pairs, strongest first, in full-image pixels ({@code scale} maps plane to image). Leaves
     * {@code blocks}' features in the sort order it compares them in.
     */
    List<ClonePair> find(BlockFeatures blocks, int planeWidth, int planeHeight, int scale, int maxPairs) {
        int n = blocks.count();
        if (n < 2 || n > INDEX_MASK) {
            return List.of();
        }
        long[] order = sortedKeys(blocks);
        // positions and features in sorted order: the window scan then reads memory sequentially
        int c = BlockFeatures.COEFFICIENTS;
        int[] index = new int[n];
        int[] xs = new int[n];
        int[] ys = new int[n];
        for (int a = 0; a < n; a++) {
            int i = (int) (order[a] & INDEX_MASK);
            index[a] = i;
            xs[a] = blocks.xs()[i];
            ys[a] = blocks.ys()[i];
        }
        float[] f = InPlacePermutation.apply(blocks.features(), index, c);
        ShiftVotes votes = new ShiftVotes();
        long minShift2 = (long) minShift * minShift;
        int highest = c - 1;
        for (int a = 0; a < n; a++) {
            // First the window's blocks that are far enough and agree on the highest coefficient, as a bit
            // mask computed without branches: both tests fail for most pairs, in no order a branch
            // predictor can learn (a third less time on a 24 MP photo). Then the other coefficients of those.
            int xa = xs[a];
            int ya = ys[a];
            float top = f[a * c + highest];
            int candidates = 0;
            for (int b = a + 1, last = Math.min(n, a + 1 + WINDOW); b < last; b++) {
                int dx = xs[b] - xa;
                int dy = ys[b] - ya;
                boolean far = (long) dx * dx + (long) dy * dy >= minShift2;
                candidates |= (far & !apart(top, f[b * c + highest]) ? 1 : 0) << (b - a);
            }
            while (candidates != 0) {
                int b = a + Integer.numberOfTrailingZeros(candidates);
                candidates &= candidates - 1;
                if (!similar(f, a * c, b * c, highest)) {
                    continue;
                }
                int dx = xs[b] - xa;
                int dy = ys[b] - ya;
                if (dx < 0 || (dx == 0 && dy < 0)) {
                    votes.add(index[b], index[a], -dx, -dy);
                } else {
                    votes.add(index[a], index[b], dx, dy);
                }
            }
        }
        votes.group();
        return clusters(votes, blocks, planeWidth, planeHeight, scale, maxPairs);
    }

    /** Lexicographic keys of the first six coefficients, then the exact DC, with the block index in the low {@value #INDEX_BITS} bits. */
    private static long[] sortedKeys(BlockFeatures blocks) {
        int n = blocks.count();
        float[] f = blocks.features();
        int c = BlockFeatures.COEFFICIENTS;
        long[] keys = new long[n];
        for (int i = 0; i < n; i++) {
            long coarse = clamp((long) Math.floor(f[i * c] / (2 * KEY_STEP)), 0, 63);
            long key = coarse;
            for (int k = 1; k <= 5; k++) {
                key = (key << 6) | clamp((long) Math.floor(f[i * c + k] / KEY_STEP) + 32, 0, 63);
            }
            // within one coarse bin, order by the exact DC so that copies in long runs sit side by side
            key = (key << 5) | clamp((long) Math.floor(f[i * c] - coarse * 2 * KEY_STEP), 0, 31);
            keys[i] = (key << INDEX_BITS) | i;
        }
        RadixSort.sort(keys, INDEX_BITS); // made in block order: already ascending in their index bits
        return keys;
    }

    private static long clamp(long value, long min, long max) {
        return Math.max(min, Math.min(max, value));
    }

    /**
     * Whether the first {@code count} coefficients agree within tolerance. Checked from the highest
     * down: the sort key already brings together blocks whose low coefficients agree, so a pair is
     * usually told apart by a high one, and the answer is the same in any order.
     */
    private static boolean similar(float[] f, int a, int b, int count) {
        for (int k = count - 1; k >= 0; k--) {
            if (apart(f[a + k], f[b + k])) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether two coefficients differ by more than the tolerance of the larger magnitude. The tolerance
     * grows with the magnitude, so that is exactly when the difference exceeds both coefficients' own
     * tolerances: two comparisons instead of {@code Math.max} of floats, and no branch.
     */
    private static boolean apart(float x, float y) {
        float difference = Math.abs(x - y);
        return difference > ABSOLUTE_TOLERANCE + RELATIVE_TOLERANCE * Math.abs(x)
                & difference > ABSOLUTE_TOLERANCE + RELATIVE_TOLERANCE * Math.abs(y);
    }

    private List<ClonePair> clusters(ShiftVotes votes, BlockFeatures blocks, int planeWidth, int planeHeight,
                                     int scale, int maxPairs) {
        List<ClonePair> found = new ArrayList<>();
        Set<Integer> used = new HashSet<>();
        // one coherence grid for every peak, all false between them: hundreds of peaks each made their own
        boolean[] grid = new boolean[(planeWidth / COHERENCE_CELL + 1) * (planeHeight / COHERENCE_CELL + 1)];
        for (int[] peak : votes.peaks()) {
            if (found.size() >= maxPairs || peak[1] * 2 < minBlocks) {
                break;
            }
            if (used.contains(peak[0])) {
                continue;
            }
            int px = ShiftVotes.dx(peak[0]);
            int py = ShiftVotes.dy(peak[0]);
            List<int[]> members = new ArrayList<>();
            for (int dx = px - SHIFT_TOLERANCE; dx <= px + SHIFT_TOLERANCE; dx++) {
                for (int dy = py - SHIFT_TOLERANCE; dy <= py + SHIFT_TOLERANCE; dy++) {
                    int[] range = votes.range(dx, dy);
                    if (range != null && used.add(ShiftVotes.key(dx, dy))) {
                        for (int p = range[0]; p < range[1]; p++) {
                            members.add(new int[]{votes.sourceAt(p), votes.targetAt(p)});
                        }
                    }
                }
            }
            Set<Integer> regionBlocks = new HashSet<>();
            ClonePair pair = coherentRegion(members, blocks, planeWidth, planeHeight, scale, grid, regionBlocks);
            if (pair != null && SelfSimilarity.isSharp(pair, votes, blocks, scale, px, py)
                    && !SelfSimilarity.isPeriodic(pair, votes, blocks, scale, px, py)
                    && !SelfSimilarity.isRepeated(regionBlocks, votes, blocks.count(), px, py)) {
                found.add(pair);
            }
        }
        return found;
    }

    /**
     * The largest spatially connected group of source blocks of one shift, if it is big enough; its
     * source and copy blocks are added to {@code regionBlocks}.
     */
    private ClonePair coherentRegion(List<int[]> members, BlockFeatures blocks, int planeWidth, int planeHeight, int scale,
                                     boolean[] grid, Set<Integer> regionBlocks) {
        int columns = planeWidth / COHERENCE_CELL + 1;
        int rows = planeHeight / COHERENCE_CELL + 1;
        boolean[] marked = grid; // all false here, and again on return
        int[] cellOf = new int[members.size()];
        int[] cells = new int[members.size()];
        int distinct = 0;
        for (int m = 0; m < members.size(); m++) {
            int s = members.get(m)[0];
            cellOf[m] = (blocks.ys()[s] / COHERENCE_CELL) * columns + blocks.xs()[s] / COHERENCE_CELL;
            if (!marked[cellOf[m]]) {
                marked[cellOf[m]] = true;
                cells[distinct++] = cellOf[m];
            }
        }
        Arrays.sort(cells, 0, distinct);
        List<GridComponents.Component> components = GridComponents.find(marked, columns, rows, Arrays.copyOf(cells, distinct));
        for (int k = 0; k < distinct; k++) {
            marked[cells[k]] = false;
        }
        if (components.isEmpty()) {
            return null;
        }
        int[] largest = components.get(0).cells();
        boolean[] inLargest = grid;
        for (int cell : largest) {
            inLargest[cell] = true;
        }
        int sx0 = Integer.MAX_VALUE, sy0 = Integer.MAX_VALUE, sx1 = -1, sy1 = -1;
        int tx0 = Integer.MAX_VALUE, ty0 = Integer.MAX_VALUE, tx1 = -1, ty1 = -1;
        Set<Integer> sources = new HashSet<>();
        long shiftX = 0;
        long shiftY = 0;
        int pairs = 0;
        for (int m = 0; m < members.size(); m++) {
            if (!inLargest[cellOf[m]]) {
                continue;
            }
            int[] pair = members.get(m);
            sources.add(pair[0]);
            regionBlocks.add(pair[0]);
            regionBlocks.add(pair[1]);
            int sx = blocks.xs()[pair[0]], sy = blocks.ys()[pair[0]];
            int tx = blocks.xs()[pair[1]], ty = blocks.ys()[pair[1]];
            shiftX += tx - sx;
            shiftY += ty - sy;
            pairs++;
            sx0 = Math.min(sx0, sx);
            sy0 = Math.min(sy0, sy);
            sx1 = Math.max(sx1, sx);
            sy1 = Math.max(sy1, sy);
            tx0 = Math.min(tx0, tx);
            ty0 = Math.min(ty0, ty);
            tx1 = Math.max(tx1, tx);
            ty1 = Math.max(ty1, ty);
        }
        for (int cell : largest) {
            inLargest[cell] = false;
        }
        if (sources.size() < minBlocks) {
            return null;
        }
        int b = BlockFeatures.BLOCK;
        PixelBox source = new PixelBox(sx0 * scale, sy0 * scale, (sx1 - sx0 + b) * scale, (sy1 - sy0 + b) * scale);
        PixelBox target = new PixelBox(tx0 * scale, ty0 * scale, (tx1 - tx0 + b) * scale, (ty1 - ty0 + b) * scale);
        if (source.intersection(target) > 0) {
            return null;
        }
        double share = (double) sources.size() / blocks.count();
        int offsetX = (int) Math.round((double) shiftX * scale / pairs);
        int offsetY = (int) Math.round((double) shiftY * scale / pairs);
        return new ClonePair(source, target, offsetX, offsetY, sources.size(), share);
    }
}
