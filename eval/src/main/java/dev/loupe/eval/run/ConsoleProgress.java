package dev.loupe.eval.run;

import dev.loupe.eval.ItemResult;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * Progress on the console: on a terminal, one line redrawn with {@code \r} (a bar, rate, ETA,
 * running accuracy and errors); elsewhere (a log, a pipe, CI), a plain line every 5 seconds or
 * every tenth of the set, whichever comes first. Accuracy is shown once a labelled item has finished, and
 * the share of manifest columns answered right once an item had any scored; a set with neither shows
 * neither.
 */
public final class ConsoleProgress implements RunListener {

    private static final long REDRAW_NANOS = 150_000_000L;
    private static final long PLAIN_NANOS = 5_000_000_000L;

    private final PrintWriter out;
    private final boolean terminal;
    private int total;
    private int earlier;
    private int done;
    private int labelled;
    private int correct;
    private int fieldsScored;
    private int fieldsRight;
    private int errors;
    private long startNanos;
    private long lastPrint;
    private int lastDecile;

    public ConsoleProgress(PrintWriter out, boolean terminal) {
        this.out = out;
        this.terminal = terminal;
    }

    @Override
    public void started(int total, int done) {
        this.total = total;
        this.earlier = done;
        this.startNanos = System.nanoTime();
        this.lastPrint = startNanos;
        this.lastDecile = total == 0 ? 10 : done * 10 / total;
        if (!terminal) {
            out.printf("eval: %d items, %d done earlier, %d to run%n", total, done, total - done);
            out.flush();
        }
    }

    @Override
    public void finished(ItemResult result) {
        done++;
        if (result.failed()) {
            errors++;
        } else if (result.correct() != null) {
            labelled++;
            correct += result.correct() ? 1 : 0;
        }
        if (!result.failed()) {
            for (boolean right : result.fieldMatches().values()) {
                fieldsScored++;
                fieldsRight += right ? 1 : 0;
            }
        }
        long now = System.nanoTime();
        if (terminal) {
            if (now - lastPrint >= REDRAW_NANOS) {
                out.print("\r" + line(now, true));
                out.flush();
                lastPrint = now;
            }
            return;
        }
        int decile = total == 0 ? 10 : (earlier + done) * 10 / total;
        if (now - lastPrint >= PLAIN_NANOS || decile > lastDecile) {
            out.println("eval: " + line(now, false));
            out.flush();
            lastPrint = now;
            lastDecile = decile;
        }
    }

    @Override
    public void ended() {
        long now = System.nanoTime();
        if (terminal) {
            out.println("\r" + line(now, true));
        } else if (done > 0 && lastDecile < 10) {
            out.println("eval: " + line(now, false));
        }
        out.flush();
    }

    String line(long now, boolean bar) {
        int finished = earlier + done;
        double fraction = total == 0 ? 1 : (double) finished / total;
        double seconds = (now - startNanos) / 1e9;
        double rate = seconds > 0 ? done / seconds : 0;
        String eta = rate > 0 ? clock((total - finished) / rate) : "--:--";
        StringBuilder line = new StringBuilder();
        if (bar) {
            int width = 24;
            int filled = (int) Math.round(fraction * width);
            line.append('[').append("#".repeat(filled)).append("-".repeat(width - filled)).append("] ");
        }
        line.append(String.format(Locale.ROOT, "%d/%d %3.0f%%  %.2f items/s  ETA %s", finished, total, 100 * fraction,
                rate, eta));
        // Only what the finished items can tell: a set without labels has no accuracy to show.
        if (labelled > 0) {
            line.append(String.format(Locale.ROOT, "  accuracy %.1f%%", 100.0 * correct / labelled));
        }
        if (fieldsScored > 0) {
            line.append(String.format(Locale.ROOT, "  fields right %.1f%%", 100.0 * fieldsRight / fieldsScored));
        }
        line.append("  errors ").append(errors);
        return line.toString();
    }

    private static String clock(double seconds) {
        long s = Math.round(seconds);
        return s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }
}
