package dev.loupe.tool.forensic.region;



import java.util.ArrayList;
import java.util.List;

/** Groups outlier blocks into connected regions (8-neighbourhood), largest first. */
public final class OutlierRegions {

    private OutlierRegions() {
    }

    /** Connected groups of blocks whose value exceeds {@code threshold}, largest first. */
    public static List<OutlierRegion> find(ErrorLevelMap map, double threshold) {
        int cols = map.cols();
        int rows = map.rows();
        boolean[] seen = new boolean[cols * rows];
        int[] stack = new int[cols * rows];
        List<OutlierRegion> regions = new ArrayList<>();
        for (int start = 0; start < seen.length; start++) {
            if (seen[start] || !(map.rms()[start] > threshold)) {
                continue;
            }
            int top = 0;
            stack[top++] = start;
            seen[start] = true;
            int count = 0;
            double sum = 0;
            int minRow = rows;
            int maxRow = -1;
            int minCol = cols;
            int maxCol = -1;
            while (top > 0) {
                int index = stack[--top];
                int row = index / cols;
                int col = index % cols;
                count++;
                sum += map.rms()[index];
                minRow = Math.min(minRow, row);
                maxRow = Math.max(maxRow, row);
                minCol = Math.min(minCol, col);
                maxCol = Math.max(maxCol, col);
                for (int dy = -1; dy <= 1; dy++) {
                    for (int dx = -1; dx <= 1; dx++) {
                        int r = row + dy;
                        int c = col + dx;
                        if (r < 0 || r >= rows || c < 0 || c >= cols) {
                            continue;
                        }
                        int next = r * cols + c;
                        if (!seen[next] && map.rms()[next] > threshold) {
                            seen[next] = true;
                            stack[top++] = next;
                        }
                    }
                }
            }
            int x = minCol * map.blockWidth();
            int y = minRow * map.blockHeight();
            int width = Math.min(map.imageWidth(), (maxCol + 1) * map.blockWidth()) - x;
            int height = Math.min(map.imageHeight(), (maxRow + 1) * map.blockHeight()) - y;
            regions.add(new OutlierRegion(count, x, y, width, height, sum / count,
                    (maxRow - minRow + 1) * (maxCol - minCol + 1)));
        }
        return LargestFirst.sort(regions, OutlierRegion::blocks);
    }
}
