package dev.loupe.tool.forensic.noise;

import dev.loupe.tool.forensic.pixel.GridComponents;
import dev.loupe.tool.forensic.region.PixelBox;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * How consistent the block noise levels are. Works on log σ, because noise scales multiplicatively
 * with brightness and processing, and against the {@link NoiseLevelFunction} (the noise expected at
 * the block's brightness): a block is an outlier when its log σ lies more than {@value #K} robust
 * deviations (1.4826 · MAD of the residuals) from what its brightness predicts and at least a factor
 * {@value #MIN_FACTOR} away. Connected outlier blocks form regions; a "region" covering more than
 * {@value #MAX_REGION_SHARE} of the measurable blocks is content, not a splice, and is not reported.
 *
 * @param medianSigma  median block σ
 * @param spread       robust spread of block σ: MAD(σ) / median(σ)
 * @param outlierShare share of measurable blocks flagged as outliers
 * @param regions      outlier regions of at least {@value #MIN_REGION_BLOCKS} blocks, largest first
 * @param outliers     per-block outlier marks (row-major, as in {@link BlockNoise})
 */
record NoiseConsistency(double medianSigma, double spread, double outlierShare, List<NoiseRegion> regions, boolean[] outliers) {

    static final double K = 3.5;
    static final double MIN_FACTOR = 2.0;
    static final double MAX_REGION_SHARE = 0.25;
    static final int MIN_REGION_BLOCKS = 3;
    /** Floor of the robust deviation of log σ, so a very uniform image does not flag tiny departures. */
    private static final double MIN_LOG_DEVIATION = 0.08;

    static NoiseConsistency of(BlockNoise noise, int imageWidth, int imageHeight) {
        int n = noise.measurableCount();
        boolean[] outliers = new boolean[noise.sigma().length];
        if (n == 0) {
            return new NoiseConsistency(0, 0, 0, List.of(), outliers);
        }
        double[] sigmas = new double[n];
        double[] logs = new double[n];
        int k = 0;
        for (int i = 0; i < noise.sigma().length; i++) {
            if (noise.measurable()[i]) {
                sigmas[k] = noise.sigma()[i];
                logs[k] = Math.log(noise.sigma()[i]);
                k++;
            }
        }
        double medianSigma = median(sigmas.clone());
        double spread = medianSigma == 0 ? 0 : mad(sigmas, medianSigma) / medianSigma;
        NoiseLevelFunction expected = NoiseLevelFunction.fit(noise, median(logs.clone()));
        double[] residuals = new double[n];
        k = 0;
        for (int i = 0; i < noise.sigma().length; i++) {
            if (noise.measurable()[i]) {
                residuals[k++] = Math.log(noise.sigma()[i]) - expected.expectedLog(noise.brightness()[i]);
            }
        }
        double medianResidual = median(residuals.clone());
        double deviation = Math.max(MIN_LOG_DEVIATION, 1.4826 * mad(residuals, medianResidual));
        double limit = Math.max(K * deviation, Math.log(MIN_FACTOR));
        int flagged = 0;
        for (int i = 0; i < outliers.length; i++) {
            if (noise.measurable()[i] && Math.abs(Math.log(noise.sigma()[i])
                    - expected.expectedLog(noise.brightness()[i]) - medianResidual) > limit) {
                outliers[i] = true;
                flagged++;
            }
        }
        List<NoiseRegion> regions = new ArrayList<>();
        int bs = noise.blockSize();
        for (GridComponents.Component component : GridComponents.find(outliers, noise.columns(), noise.rows())) {
            if (component.size() < MIN_REGION_BLOCKS || component.size() > MAX_REGION_SHARE * n) {
                continue;
            }
            double[] member = new double[component.size()];
            for (int j = 0; j < member.length; j++) {
                member[j] = noise.sigma()[component.cells()[j]];
            }
            double sigma = median(member);
            double norm = 0;
            for (int cell : component.cells()) {
                norm += Math.exp(expected.expectedLog(noise.brightness()[cell]));
            }
            norm /= component.size();
            PixelBox box = new PixelBox(1 + component.column() * bs, 1 + component.row() * bs,
                    component.columns() * bs, component.rows() * bs).clippedTo(imageWidth, imageHeight);
            regions.add(new NoiseRegion(box, component.size(), sigma, sigma / norm));
        }
        return new NoiseConsistency(medianSigma, spread, (double) flagged / n, regions, outliers);
    }

    private static double median(double[] values) {
        Arrays.sort(values);
        int m = values.length / 2;
        return values.length % 2 == 1 ? values[m] : (values[m - 1] + values[m]) / 2;
    }

    private static double mad(double[] values, double centre) {
        double[] d = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            d[i] = Math.abs(values[i] - centre);
        }
        return median(d);
    }
}
