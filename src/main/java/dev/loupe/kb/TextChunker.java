package dev.loupe.kb;

import dev.langchain4j.data.document.Document;
import dev.langchain4j.data.document.DocumentSplitter;
import dev.langchain4j.data.document.splitter.DocumentByParagraphSplitter;
import dev.langchain4j.data.document.splitter.DocumentSplitters;
import dev.langchain4j.data.segment.TextSegment;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Cuts prose into passages with langchain4j's splitters. Markdown is cut at its headings first, so
 * a passage never spans two sections and is placed as {@code "Heading ¶n"}; plain text and PDF
 * text go through the recursive splitter (paragraphs, then lines, sentences, words) and are placed
 * as {@code "part n"}.
 */
final class TextChunker {

    /** The longest passage, in characters: about 200 tokens, a paragraph of a guide. */
    static final int MAX_CHARS = 800;
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

    private static void section(String heading, String body, List<Piece> pieces) {
        if (body.isBlank()) {
            return;
        }
        DocumentSplitter splitter = new DocumentByParagraphSplitter(MAX_CHARS, 0, DocumentSplitters.recursive(MAX_CHARS, OVERLAP_CHARS));
        int paragraph = 0;
        for (TextSegment segment : splitter.split(Document.from(body))) {
            if (!segment.text().isBlank()) {
                pieces.add(new Piece(segment.text().strip(), heading + " ¶" + (++paragraph)));
            }
        }
    }
}
