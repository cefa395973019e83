package dev.loupe.kb;

import dev.langchain4j.data.document.Document;
import dev.langchain4j.data.document.DocumentSplitter;
import dev.langchain4j.data.document.splitter.DocumentSplitters;
import dev.langchain4j.data.segment.TextSegment;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Cuts prose into passages. Markdown is cut at its headings, then at its paragraphs, so a passage
 * never spans two sections and is placed as {@code "Heading ¶n"}; plain text and PDF
 * text go through langchain4j's recursive splitter (paragraphs, then lines, sentences, words) and are placed
 * as {@code "part n"}.
 */
final class TextChunker {

    /** The longest passage, in characters: about 200 tokens, a paragraph of a guide. */
    static final int MAX_CHARS = 800;
    /** Shorter paragraphs of markdown are joined to the next one. */
    static final int MIN_CHARS = 200;
    private static final int OVERLAP_CHARS = 80;
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.+?)\\s*#*\\s*$");

    private TextChunker() {
    }

    static List<Piece> plain(String text) {
        DocumentSplitter splitter = DocumentSplitters.recursive(MAX_CHARS, OVERLAP_CHARS);
        List<Piece> pieces = new ArrayList<>();
        for (TextSegment segment : splitter.split(Document.from(text))) {
            if (!segment.text().isBlank()) {
                pieces.add(new Piece(segment.text().strip(), "part " + (pieces.size() + 1)));
            }
        }
        return pieces;
    }

    static List<Piece> markdown(String text) {
        List<Piece> pieces = new ArrayList<>();
        String heading = "Introduction";
        StringBuilder body = new StringBuilder();
        for (String line : text.split("\\R", -1)) {
            Matcher matcher = HEADING.matcher(line);
            if (matcher.matches()) {
                section(heading, body.toString(), pieces);
                heading = matcher.group(1).strip();
                body.setLength(0);
            } else {
                body.append(line).append('\n');
            }
        }
        section(heading, body.toString(), pieces);
        return pieces;
    }

    /**
     * A section's paragraphs as passages: each paragraph its own passage, so that advice stays whole
     * and citable, except that paragraphs shorter than {@link #MIN_CHARS} are joined to the next, and
     * paragraphs longer than {@link #MAX_CHARS} are cut by the recursive splitter.
     */
    private static void section(String heading, String body, List<Piece> pieces) {
        DocumentSplitter oversize = DocumentSplitters.recursive(MAX_CHARS, OVERLAP_CHARS);
        int paragraph = 0;
        StringBuilder pending = new StringBuilder();
        for (String block : body.split("\\n\\s*\\n")) {
            String text = block.strip();
            if (text.isEmpty()) {
                continue;
            }
            if (pending.length() > 0 && pending.length() + text.length() + 2 > MAX_CHARS) {
                pieces.add(new Piece(pending.toString(), heading + " ¶" + (++paragraph)));
                pending.setLength(0);
            }
            if (text.length() > MAX_CHARS) {
                for (TextSegment segment : oversize.split(Document.from(text))) {
                    pieces.add(new Piece(segment.text().strip(), heading + " ¶" + (++paragraph)));
                }
                continue;
            }
            pending.append(pending.length() == 0 ? "" : "\n\n").append(text);
            if (pending.length() >= MIN_CHARS) {
                pieces.add(new Piece(pending.toString(), heading + " ¶" + (++paragraph)));
                pending.setLength(0);
            }
        }
        if (pending.length() > 0) {
            pieces.add(new Piece(pending.toString(), heading + " ¶" + (++paragraph)));
        }
    }
}
