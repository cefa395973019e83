package dev.loupe.tool.forensic.regionmap;

import dev.loupe.image.LoadedImage;
import dev.loupe.image.jpeg.Frame;
import dev.loupe.image.jpeg.JpegStructure;
import dev.loupe.image.jpeg.JpegStructureParser;
import dev.loupe.tool.forensic.jpeg.BlockGeometry;
import dev.loupe.tool.forensic.jpeg.CoefficientPass;
import dev.loupe.tool.forensic.jpeg.CoefficientSummary;
import dev.loupe.tool.forensic.region.ErrorLevelMap;
import dev.loupe.tool.forensic.region.RobustScale;

/**
 * The shared pass' error levels (ELA at its default quality) gathered into cells and read in robust
 * spreads above the cells' median: what {@code ela} measures, as a component of the region map.
 */
final class ErrorLevelCells {

    static final double MIN_SPREAD = 0.1;

    private ErrorLevelCells() {
    }

    /** The suspicion map over cells of {@code cell × cell} blocks; null when the file is no decodable JPEG. */
    static ErrorLevelMap suspicion(LoadedImage image, int cellPixels) {
        if (!JpegStructureParser.looksLikeJpeg(image.bytes())) {
            return null;
        }
        JpegStructure structure = CoefficientPass.structure(image);
        Frame frame = structure.frame();
        if (frame == null || structure.quantTableOf(0).isEmpty()) {
            return null;
        }
        CoefficientSummary summary = CoefficientPass.of(image);
        if (summary.errorLevels() == null || summary.outcome().mcusDecoded() == 0) {
            return null;
        }
        BlockGeometry blocks = BlockGeometry.of(frame);
        int cell = Math.max(1, cellPixels / blocks.blockWidth());
        BlockGeometry cells = blocks.coarsened(cell);
        double[] sums = new double[cells.blocks()];
        int[] counts = new int[cells.blocks()];
        float[] levels = summary.errorLevels();
        for (int row = 0; row < blocks.rows(); row++) {
            for (int col = 0; col < blocks.cols(); col++) {
                float v = levels[row * blocks.cols() + col];
                if (!Float.isNaN(v)) {
                    int c = (row / cell) * cells.cols() + col / cell;
                    sums[c] += v;
                    counts[c]++;
                }
            }
        }
        float[] means = new float[cells.blocks()];
        for (int c = 0; c < means.length; c++) {
            means[c] = counts[c] == 0 ? Float.NaN : (float) (sums[c] / counts[c]);
        }
        RobustScale scale = RobustScale.of(means, MIN_SPREAD);
        float[] z = new float[means.length];
        for (int c = 0; c < z.length; c++) {
            z[c] = Float.isNaN(means[c]) ? Float.NaN : (float) Math.max(0, scale.z(means[c]));
        }
        return new ErrorLevelMap(cells.cols(), cells.rows(), cells.blockWidth(), cells.blockHeight(), cells.imageWidth(),
                cells.imageHeight(), z);
    }
}
