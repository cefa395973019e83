package dev.loupe.kb;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * SRT and WebVTT transcripts: cues read with their timestamps, consecutive cues joined into
 * passages of up to {@link TextChunker#MAX_CHARS} characters, each placed by the time range it
 * covers ({@code 00:01:02.000–00:01:30.500}), so a citation says where in the video to look.
 */
final class TranscriptReader {

    private static final Pattern TIMING = Pattern.compile(
            "^\\s*((?:\\d{1,2}:)?\\d{1,2}:\\d{2}[.,]\\d{1,3})\\s*-->\\s*((?:\\d{1,2}:)?\\d{1,2}:\\d{2}[.,]\\d{1,3}).*$");
    private static final Pattern TAGS = Pattern.compile("<[^>]{0,200}>");

    private record Cue(String start, String end, String text) {
    }

    private TranscriptReader() {
    }

    /** The transcript's passages; empty when no timed cue with text was found. */
    static List<Piece> read(String text) {
        List<Cue> cues = cues(text);
        List<Piece> pieces = new ArrayList<>();
        StringBuilder passage = new StringBuilder();
        String start = null;
        String end = null;
        for (Cue cue : cues) {
            if (passage.length() > 0 && passage.length() + cue.text().length() + 1 > TextChunker.MAX_CHARS) {
                pieces.add(new Piece(passage.toString(), start + "–" + end));
                passage.setLength(0);
                start = null;
            }
            if (start == null) {
                start = cue.start();
            }
            end = cue.end();
            passage.append(passage.length() == 0 ? "" : " ").append(cue.text());
        }
        if (passage.length() > 0) {
            pieces.add(new Piece(passage.toString(), start + "–" + end));
        }
        return pieces;
    }

    private static List<Cue> cues(String text) {
        List<Cue> cues = new ArrayList<>();
        String[] lines = text.replace("\uFEFF", "").split("\\R", -1);
        for (int i = 0; i < lines.length; i++) {
            Matcher timing = TIMING.matcher(lines[i]);
            if (!timing.matches()) {
                continue;
            }
            StringBuilder cue = new StringBuilder();
            int j = i + 1;
            for (; j < lines.length && !lines[j].isBlank(); j++) {
                cue.append(cue.length() == 0 ? "" : " ").append(TAGS.matcher(lines[j].strip()).replaceAll(""));
            }
            if (!cue.toString().isBlank()) {
                cues.add(new Cue(normal(timing.group(1)), normal(timing.group(2)), cue.toString().strip()));
            }
            i = j - 1;
        }
        return cues;
    }

    /** {@code hh:mm:ss.mmm}, whichever way the file wrote it (SRT's comma, VTT's optional hours). */
    private static String normal(String time) {
        String t = time.replace(',', '.');
        if (t.split(":").length == 2) {
            t = "00:" + t;
        }
        return t.length() < 12 && t.indexOf(':') == 1 ? "0" + t : t;
    }
}
