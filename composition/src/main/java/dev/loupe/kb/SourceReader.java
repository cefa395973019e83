package dev.loupe.kb;

import dev.langchain4j.data.document.Document;
import dev.langchain4j.data.document.parser.apache.pdfbox.ApachePdfBoxDocumentParser;
import dev.loupe.core.LoupeException;

import java.io.ByteArrayInputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * A file's bytes into passages, by format, refusing what cannot be indexed with a one-line reason:
 * files over {@link #MAX_BYTES}, files with no text, text that is not UTF-8, PDFs PDFBox cannot read.
 */
final class SourceReader {

    /** The largest file ingested: 20 MB, a few thousand pages of text. */
    static final long MAX_BYTES = 20L * 1024 * 1024;

    private SourceReader() {
    }

    /** Refuses a file by its size alone, before it is read. */
    static void checkSize(long bytes) {
        if (bytes > MAX_BYTES) {
            throw LoupeException.badInput(String.format(Locale.ROOT, "%.1f MB is over the %d MB limit for one file; split it",
                    bytes / 1048576.0, MAX_BYTES / 1048576));
        }
        if (bytes == 0) {
            throw LoupeException.badInput("the file is empty");
        }
    }

    static List<Piece> read(byte[] bytes, SourceFormat format) {
        checkSize(bytes.length);
        List<Piece> pieces = switch (format) {
            case MARKDOWN -> TextChunker.markdown(text(bytes));
            case TEXT -> TextChunker.plain(text(bytes));
            case SRT, VTT -> transcript(text(bytes));
            case PDF -> TextChunker.plain(pdf(bytes));
        };
        if (pieces.isEmpty()) {
            throw LoupeException.badInput("no text to index in it");
        }
        return pieces;
    }

    private static List<Piece> transcript(String text) {
        List<Piece> pieces = TranscriptReader.read(text);
        if (pieces.isEmpty() && !text.isBlank()) {
            throw LoupeException.badInput("no timed cues ('00:00:01,000 --> 00:00:04,000') in this transcript");
        }
        return pieces;
    }

    private static String text(byte[] bytes) {
        try {
            String text = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
            if (text.indexOf('\0') >= 0) {
                throw LoupeException.badInput("it holds binary data, not text");
            }
            return text.replace("\uFEFF", "");
        } catch (CharacterCodingException e) {
            throw LoupeException.badInput("it is not UTF-8 text");
        }
    }

    private static String pdf(byte[] bytes) {
        Document document;
        try {
            document = new ApachePdfBoxDocumentParser().parse(new ByteArrayInputStream(bytes));
        } catch (RuntimeException e) {
            throw LoupeException.badInput("not a readable PDF (" + rootMessage(e) + ")");
        }
        String text = document == null || document.text() == null ? "" : document.text();
        if (text.isBlank()) {
            throw LoupeException.badInput("the PDF has no text layer to index (scanned pages need OCR first)");
        }
        return text;
    }

    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
        return message.length() > 120 ? message.substring(0, 120) + "…" : message;
    }
}
