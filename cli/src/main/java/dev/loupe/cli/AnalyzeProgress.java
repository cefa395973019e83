package dev.loupe.cli;

import dev.loupe.graph.AnalysisEvent;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.Timer;
import java.util.TimerTask;

/**
 * Progress of {@code loupe analyze} on standard error and only on a terminal: over several images one
 * line redrawn with {@code \r} (a bar, the image under way, seconds per image, ETA); for one image that
 * takes longer than {@value #QUIET_MILLIS} ms, the step under way and the seconds so far. Erased when
 * done. Results go to standard output untouched, so a script reading them never sees it.
 */
final class AnalyzeProgress {

    private static final int WIDTH = 20;
    /** A single image that answers within this says nothing while it runs. */
    static final long QUIET_MILLIS = 1000;

    private final PrintWriter err;
    private final boolean shown;
    private final int total;
    private final long startNanos = System.nanoTime();
    private final boolean single;
    private int done;
    private int drawn;
    private volatile String image = "";
    private volatile String step = "starting";
    private volatile long imageStart = System.nanoTime();
    private Timer timer;

    /** @param terminal whether standard error is a terminal; elsewhere nothing is printed */
    AnalyzeProgress(PrintWriter err, boolean terminal, int total) {
        this.err = err;
        this.total = total;
        this.shown = terminal && total > 1;
        this.single = terminal && total == 1;
    }

    /** What the analysis is doing now, from its events: a node, or a tool call. */
    void event(AnalysisEvent event) {
        if (AnalysisEvent.TOOL_CALL.equals(event.type())) {
            step = "tool " + event.detail().get("tool");
        } else if (AnalysisEvent.NODE_START.equals(event.type())) {
            step = event.node();
        }
    }

    /** The image about to be analysed. */
    void starting(String name) {
        image = name;
        imageStart = System.nanoTime();
        if (single && timer == null) {
            timer = new Timer("loupe-progress", true);
            timer.schedule(new TimerTask() {
                @Override
                public void run() {
                    redrawIfSlow();
                }
            }, QUIET_MILLIS, QUIET_MILLIS / 4);
        }
        if (!shown) {
            return;
        }
        draw(line(name));
    }

    private synchronized void redrawIfSlow() {
        long millis = (System.nanoTime() - imageStart) / 1_000_000;
        if (millis >= QUIET_MILLIS) {
            draw(String.format(Locale.ROOT, "analyze %s: %s (%d s)", image, step, millis / 1000));
        }
    }

    /** One image finished, well or not. */
    void finished() {
        done++;
    }

    /** Erases the line, so the terminal shows only results and errors. */
    synchronized void end() {
        if (timer != null) {
            timer.cancel();
            timer = null;
        }
        if ((shown || single) && drawn > 0) {
            err.print("\r" + " ".repeat(drawn) + "\r");
            err.flush();
        }
    }

    /** Before another line is printed on the same terminal: clear the progress line. */
    synchronized void clear() {
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

    private synchronized void draw(String line) {
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
