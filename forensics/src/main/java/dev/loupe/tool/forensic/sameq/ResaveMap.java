package dev.loupe.tool.forensic.sameq;

import dev.loupe.tool.forensic.region.ErrorLevelMap;
import dev.loupe.tool.forensic.jpeg.BlockGeometry;
import dev.loupe.tool.forensic.jpeg.ResaveChanges;
import dev.loupe.tool.forensic.region.PixelBox;

/**
 * The re-save changes of the measured blocks, gathered into square cells and divided by what the
 * rounding model expects of a file compressed once: about 1 where a cell was compressed once, about
 * ½ where it was saved again with the same table. A cell holds enough blocks that a file compressed
 * once is expected to move {@value #CELL_EXPECTED} coefficients in it, so that one cell's ratio is
 * not mostly chance.
 *
 * @param blocks   the luminance block grid
 * @param cells    the cell grid (one cell: {@code cell × cell} blocks)
 * @param cell     blocks per cell side
 * @param ratios   each cell's moved coefficients over the expected count, NaN where too few blocks were measured
 * @param changes  the per-block counts ({@link ResaveChanges#NOT_MEASURED} where not measured)
 * @param expected coefficients a block compressed once is expected to move
 */
record ResaveMap(BlockGeometry blocks, BlockGeometry cells, int cell, float[] ratios, byte[] changes, double expected) {

    /** Coefficients a cell compressed once is expected to move. */
    static final int CELL_EXPECTED = 48;
    /** A cell's ratio is kept when its measured blocks are expected to move at least this many. */
    static final int CELL_MINIMUM = 16;

    /**
     * @param changes  coefficients moved per block, {@link ResaveChanges#NOT_MEASURED} where not measured
     * @param spacing  1 when every block could be measured, 2 when every other block
     * @param blocks   the luminance block grid
     * @param expected coefficients a block compressed once is expected to move
     */
    static ResaveMap of(byte[] changes, int spacing, BlockGeometry blocks, double expected) {
        int limit = Math.max(2, Math.min(blocks.cols(), blocks.rows()) / 4);
        int cell = (int) Math.ceil(Math.sqrt(spacing * CELL_EXPECTED / expected));
        cell = Math.max(2, Math.min(limit, cell));
        BlockGeometry cells = blocks.coarsened(cell);
        long[] measured = new long[cells.blocks()];
        long[] moved = new long[cells.blocks()];
        for (int row = 0; row < blocks.rows(); row++) {
            for (int col = 0; col < blocks.cols(); col++) {
                byte n = changes[row * blocks.cols() + col];
                if (n != ResaveChanges.NOT_MEASURED) {
                    int c = (row / cell) * cells.cols() + col / cell;
                    measured[c]++;
                    moved[c] += n;
                }
            }
        }
        float[] ratios = new float[cells.blocks()];
        for (int c = 0; c < ratios.length; c++) {
            double wanted = measured[c] * expected;
            ratios[c] = wanted < CELL_MINIMUM ? Float.NaN : (float) (moved[c] / wanted);
        }
        return new ResaveMap(blocks, cells, cell, ratios, changes, expected);
    }

    /** The blocks measured and the coefficients they moved, inside {@code box} (or everywhere) and outside it. */
    Totals totals(PixelBox box) {
        long[] t = new long[4];
        for (int row = 0; row < blocks.rows(); row++) {
            for (int col = 0; col < blocks.cols(); col++) {
                byte n = changes[row * blocks.cols() + col];
                if (n == ResaveChanges.NOT_MEASURED) {
                    continue;
                }
                int side = box == null || blocks.inside(row, col, box.x(), box.y(), box.width(), box.height()) ? 0 : 2;
                t[side]++;
                t[side + 1] += n;
            }
        }
        return new Totals(new Part(t[0], t[1], expected), new Part(t[2], t[3], expected));
    }

    /** Cells with a ratio whose centre lies inside {@code box} (or anywhere). */
    int measuredCells(PixelBox box) {
        int n = 0;
        for (int row = 0; row < cells.rows(); row++) {
            for (int col = 0; col < cells.cols(); col++) {
                if (!Float.isNaN(ratios[row * cells.cols() + col])
                        && (box == null || cells.inside(row, col, box.x(), box.y(), box.width(), box.height()))) {
                    n++;
                }
            }
        }
        return n;
    }

    /** The cell ratios as a block map, for finding regions and drawing. */
    ErrorLevelMap asMap() {
        return new ErrorLevelMap(cells.cols(), cells.rows(), cells.blockWidth(), cells.blockHeight(), cells.imageWidth(),
                cells.imageHeight(), ratios);
    }

    /** Measured blocks inside a box and outside it. */
    record Totals(Part inside, Part outside) {
    }

    /**
     * Blocks measured in one part of the image and the coefficients they moved.
     *
     * @param blocks   blocks measured
     * @param moved    coefficients moved
     * @param expected coefficients a block compressed once is expected to move
     */
    record Part(long blocks, long moved, double expected) {

        /** Coefficients a part compressed once would move. */
        double wanted() {
            return blocks * expected;
        }

        /** Moved over expected: about 1 compressed once, about ½ saved again; NaN when nothing was measured. */
        double ratio() {
            return blocks == 0 ? Double.NaN : moved / wanted();
        }
    }
}
