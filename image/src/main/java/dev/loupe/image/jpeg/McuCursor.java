package dev.loupe.image.jpeg;

/**
 * Where a scan's next MCU lies and whether a restart marker comes before it, as the baseline and the
 * progressive decoders walk their scans. Counted, not divided out of the MCU number: two 64-bit
 * divisions an MCU, 40-90 cycles each on Skylake-class cores.
 */
final class McuCursor {

    private final int across;
    private final int interval;
    private int column = -1;
    private int row;
    private int untilRestart;

    /**
     * @param across   MCUs in a row of the scan
     * @param interval the scan's restart interval in MCUs, 0 for none
     */
    McuCursor(int across, int interval) {
        this.across = across;
        this.interval = interval;
        this.untilRestart = interval;
    }

    /** Moves to MCU {@code mcu} (0, 1, … in turn); whether a restart marker is due before it. */
    boolean next(long mcu) {
        boolean restart = interval > 0 && mcu > 0 && --untilRestart == 0;
        if (restart) {
            untilRestart = interval;
        }
        if (++column == across) {
            column = 0;
            row++;
        }
        return restart;
    }

    /** The MCU's column in the scan. */
    int column() {
        return column;
    }

    /** The MCU's row in the scan. */
    int row() {
        return row;
    }
}
