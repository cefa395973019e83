package dev.loupe.kb;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/** The kinds of file a knowledge base takes, told by the file name's extension. */
public enum SourceFormat {
    MARKDOWN, TEXT, SRT, VTT, PDF;

    /** The format of {@code file}, or empty when Loupe does not ingest files of its kind. */
    public static Optional<SourceFormat> of(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        int dot = name.lastIndexOf('.');
        String extension = dot < 0 ? "" : name.substring(dot + 1);
        return Optional.ofNullable(switch (extension) {
            case "md", "markdown" -> MARKDOWN;
            case "txt", "text" -> TEXT;
            case "srt" -> SRT;
            case "vtt" -> VTT;
            case "pdf" -> PDF;
            default -> null;
        });
    }

    /** The extensions, for error messages. */
    public static String known() {
        return ".md, .markdown, .txt, .text, .srt, .vtt, .pdf";
    }
}
