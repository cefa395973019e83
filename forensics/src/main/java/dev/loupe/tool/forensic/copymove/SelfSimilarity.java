package dev.loupe.tool.forensic.copymove;

import dev.loupe.tool.forensic.region.PixelBox;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Tells a copied region from content that matches itself: texture self-similar along a direction,
 * periodic patterns and objects that recur in the scene all match at more than the one shift a copy
 * was moved by. {@link CloneMatcher} drops a region any of these tests calls self-similar.
 */
final class SelfSimilarity {

    /**
     * The ring around a shift peak where matches reveal self-similar texture: from {@value #RING_GAP} + 1
     * to {@value #RING} plane pixels away. Closer shifts also match a genuine copy when it fell between
     * plane pixels or its content is smooth at the analysis scale.
     */
    private static final int RING_GAP = 2;
    private static final int RING = 6;
    /** A region is rejected when its ring holds more than 1/MAX_RING_SHARE of its supporting blocks. */
    private static final int MAX_RING_SHARE = 4;
    /** Distance (plane pixels) from the line of a shift within which another shift counts as parallel to it. */
    private static final double PARALLEL_TOLERANCE = 2.0;
    /** A region is repeated content when 1/MAX_REPEATED_SHARE of its blocks match at other shifts too. */
    private static final int MAX_REPEATED_SHARE = 3;
    /** A recurrence counts when it holds 1/MIN_RECURRENCE_SHARE of the region's blocks' matches. */
    private static final int MIN_RECURRENCE_SHARE = 20;
    /**
     * Distinct other shifts that make content recurring: a patch stamped twice gives its copies one
     * other shift each, letters and tiles give several.
     */
    private static final int MIN_RECURRENCES = 3;

    private SelfSimilarity() {
    }

    /**
     * Whether the matches of a region concentrate on one shift. A copied region matches its copy at one
     * shift only; a texture that is self-similar along a direction (railings, slats, fabric, waves) also
     * matches at neighbouring shifts, so pairs in a ring around the peak reveal it.
     */
    static boolean isSharp(ClonePair pair, ShiftVotes votes, BlockFeatures blocks, int scale, int px, int py) {
        PixelBox region = inPlane(pair.source(), scale);
        int ring = 0;
        for (int dx = px - RING; dx <= px + RING; dx++) {
            for (int dy = py - RING; dy <= py + RING; dy++) {
                if (Math.max(Math.abs(dx - px), Math.abs(dy - py)) <= RING_GAP) {
                    continue;
                }
                ring += sourcesInside(region, votes, blocks, dx, dy);
            }
        }
        return ring * MAX_RING_SHARE < pair.blocks();
    }

    /**
     * Whether the region's blocks also match at other shifts along the same direction: a periodic
     * pattern (an ornamental frame, a fence, tiles) matches itself at every multiple of its period,
     * a copied region only at the one shift it was moved by.
     */
    static boolean isPeriodic(ClonePair pair, ShiftVotes votes, BlockFeatures blocks, int scale, int px, int py) {
        PixelBox region = inPlane(pair.source(), scale);
        double length = Math.hypot(px, py);
        int along = 0;
        for (int[] peak : votes.peaks()) {
            int dx = ShiftVotes.dx(peak[0]);
            int dy = ShiftVotes.dy(peak[0]);
            if (Math.max(Math.abs(dx - px), Math.abs(dy - py)) <= RING
                    || Math.abs((double) dx * py - (double) dy * px) > length * PARALLEL_TOLERANCE) {
                continue;
            }
            along += sourcesInside(region, votes, blocks, dx, dy);
        }
        return along * 2 >= pair.blocks();
    }

    /**
     * Whether the region is content that recurs in the scene (the letters of a sign, the fingers of a
     * connector, tiles, a repeated logo): each recurrence matches every other one, so the region's blocks
     * also match at several other shifts, in any direction, where a copied region matches its copy (and
     * the copy of a copy, when a patch was stamped twice). It recurs when at least
     * 1/{@value #MAX_REPEATED_SHARE} of its blocks (source or copy side) match beyond the
     * {@value #RING}-pixel ring of the peak, at {@value #MIN_RECURRENCES} or more distinct shifts.
     */
    static boolean isRepeated(Set<Integer> regionBlocks, ShiftVotes votes, int blockCount, int px, int py) {
        boolean[] member = new boolean[blockCount];
        regionBlocks.forEach(b -> member[b] = true);
        boolean[] elsewhere = new boolean[blockCount];
        int repeated = 0;
        List<int[]> recurrences = new ArrayList<>(); // {dx, dy, hits}, strongest shift first
        for (int[] peak : votes.peaks()) {
            int dx = ShiftVotes.dx(peak[0]);
            int dy = ShiftVotes.dy(peak[0]);
            if (Math.max(Math.abs(dx - px), Math.abs(dy - py)) <= RING) {
                continue;
            }
            int[] range = votes.range(dx, dy);
            int hits = 0;
            for (int p = range[0]; p < range[1]; p++) {
                for (int b : new int[]{votes.sourceAt(p), votes.targetAt(p)}) {
                    if (member[b]) {
                        hits++;
                        if (!elsewhere[b]) {
                            elsewhere[b] = true;
                            repeated++;
                        }
                    }
                }
            }
            if (hits > 0) {
                addRecurrence(recurrences, dx, dy, hits);
            }
        }
        long strong = recurrences.stream().filter(r -> r[2] * MIN_RECURRENCE_SHARE >= regionBlocks.size()).count();
        return repeated * MAX_REPEATED_SHARE >= regionBlocks.size() && strong >= MIN_RECURRENCES;
    }

    /** Adds a shift's hits to the recurrence within {@value #RING} pixels of it, or as a new one. */
    private static void addRecurrence(List<int[]> recurrences, int dx, int dy, int hits) {
        for (int[] r : recurrences) {
            if (Math.max(Math.abs(r[0] - dx), Math.abs(r[1] - dy)) <= RING) {
                r[2] += hits;
                return;
            }
        }
        recurrences.add(new int[]{dx, dy, hits});
    }

    /** The box in the coordinates of the analysis plane. */
    private static PixelBox inPlane(PixelBox box, int scale) {
        return new PixelBox(box.x() / scale, box.y() / scale, box.width() / scale, box.height() / scale);
    }

    /** How many of the matches at shift ({@code dx}, {@code dy}) have their source block inside {@code region}. */
    private static int sourcesInside(PixelBox region, ShiftVotes votes, BlockFeatures blocks, int dx, int dy) {
        int[] range = votes.range(dx, dy);
        if (range == null) {
            return 0;
        }
        int inside = 0;
        for (int p = range[0]; p < range[1]; p++) {
            int x = blocks.xs()[votes.sourceAt(p)];
            int y = blocks.ys()[votes.sourceAt(p)];
            if (x >= region.x() && x < region.x() + region.width() && y >= region.y() && y < region.y() + region.height()) {
                inside++;
            }
        }
        return inside;
    }
}
