package dev.loupe.cli;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * Progress of {@code loupe analyze} over several images, on standard error and only on a terminal:
 * one line redrawn with {@code \r} (a bar, the image under way, seconds per image, ETA), erased when
 * done. Results go to standard output untouched, so a script reading them never sees it.
 */
final class AnalyzeProgress {

    private static final int WIDTH = 20;

    private final PrintWriter err;
    private final boolean shown;
    private final int total;
    private final long startNanos = System.nanoTime();
    private int done;
    private int drawn;

    /** @param terminal whether standard error is a terminal; elsewhere nothing is printed */
    AnalyzeProgress(PrintWriter err, boolean terminal, int total) {
        this.err = err;
        this.total = total;
        this.shown = terminal && total > 1;
    }

    /** The image about to be analysed. */
    void starting(String name) {
        if (!shown) {
            return;
        }
        draw(line(name));
    }

    /** One image finished, well or not. */
    void finished() {
        done++;
    }

    /** Erases the line, so the terminal shows only results and errors. */
    void end() {
        if (shown && drawn > 0) {
            err.print("\r" + " ".repeat(drawn) + "\r");
            err.flush();
        }
    }

    /** Before another line is printed on the same terminal: clear the progress line. */
    void clear() {
        end();
        drawn = 0;
    }

    String line(String name) {
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        int filled = (int) Math.round((double) done / total * WIDTH);
        String pace = done == 0 ? "" : String.format(Locale.ROOT, "  %.1f s/image  ETA %s", seconds / done,
                clock(seconds / done * (total - done)));
        return String.format(Locale.ROOT, "analyze [%s%s] %d/%d %s%s", "#".repeat(filled), "-".repeat(WIDTH - filled),
                done + 1, total, name, pace);
    }

    private void draw(String line) {
        String padded = line.length() < drawn ? line + " ".repeat(drawn - line.length()) : line;
        err.print("\r" + padded);
        err.flush();
        drawn = line.length();
    }

    private static String clock(double seconds) {
        long s = Math.round(seconds);
        return String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }
}
