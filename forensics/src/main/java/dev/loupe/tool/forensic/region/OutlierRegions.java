package dev.loupe.tool.forensic.region;

import dev.loupe.tool.forensic.pixel.GridComponents;

import java.util.ArrayList;
import java.util.List;

/** Groups outlier blocks into connected regions (8-neighbourhood), largest first. */
public final class OutlierRegions {

    private OutlierRegions() {
    }

    /** Connected groups of blocks whose value exceeds {@code threshold}, largest first. */
    public static List<OutlierRegion> find(ErrorLevelMap map, double threshold) {
        float[] values = map.rms();
        boolean[] outlier = new boolean[map.cols() * map.rows()];
        for (int i = 0; i < outlier.length; i++) {
            outlier[i] = values[i] > threshold;
        }
        List<OutlierRegion> regions = new ArrayList<>();
        for (GridComponents.Component component : GridComponents.find(outlier, map.cols(), map.rows())) {
            double sum = 0;
            for (int cell : component.cells()) {
                sum += values[cell];
            }
            int x = component.column() * map.blockWidth();
            int y = component.row() * map.blockHeight();
            int width = Math.min(map.imageWidth(), (component.column() + component.columns()) * map.blockWidth()) - x;
            int height = Math.min(map.imageHeight(), (component.row() + component.rows()) * map.blockHeight()) - y;
            regions.add(new OutlierRegion(component.size(), x, y, width, height, sum / component.size(),
                    component.columns() * component.rows()));
        }
        return regions;
    }
}
