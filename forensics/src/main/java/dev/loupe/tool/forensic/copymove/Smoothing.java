package dev.loupe.tool.forensic.copymove;

import dev.loupe.image.LumaPlane;

/**
 * A light [1 2 1]/4 blur along both axes. A copy seldom lands a whole number of analysis pixels away
 * from its original; smoothing first makes block descriptions change less with that sub-pixel phase.
 */
final class Smoothing {

    private Smoothing() {
    }

    static LumaPlane binomial(LumaPlane plane) {
        int w = plane.width();
        int h = plane.height();
        if (w < 3 || h < 3) {
            return plane;
        }
        float[] v = plane.values();
        float[] rows = new float[v.length];
        for (int y = 0; y < h; y++) {
            int base = y * w;
            rows[base] = v[base];
            rows[base + w - 1] = v[base + w - 1];
            for (int x = 1; x < w - 1; x++) {
                rows[base + x] = 0.25f * v[base + x - 1] + 0.5f * v[base + x] + 0.25f * v[base + x + 1];
            }
        }
        float[] out = new float[v.length];
        System.arraycopy(rows, 0, out, 0, w);
        System.arraycopy(rows, (h - 1) * w, out, (h - 1) * w, w);
        for (int y = 1; y < h - 1; y++) {
            for (int x = 0; x < w; x++) {
                int i = y * w + x;
                out[i] = 0.25f * rows[i - w] + 0.5f * rows[i] + 0.25f * rows[i + w];
            }
        }
        return new LumaPlane(w, h, out, plane.scale());
    }
}
