package dev.loupe.cli;

import picocli.CommandLine;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * Turns an argument into a {@link Path}, refusing in one line a name the platform cannot represent
 * (a non-UTF-8 locale given non-ASCII characters, or a NUL), instead of picocli quoting the JDK's
 * exception.
 */
final class PathConverter implements CommandLine.ITypeConverter<Path> {

    @Override
    public Path convert(String value) {
        try {
            return Path.of(value);
        } catch (InvalidPathException e) {
            throw new CommandLine.TypeConversionException(unrepresentable(value));
        }
    }

    /** The one line for a file name this system cannot represent. */
    static String unrepresentable(String value) {
        return "'" + printable(value) + "' cannot be a file name here: this system's file-name encoding ("
                + System.getProperty("sun.jnu.encoding", "unknown") + ") cannot represent its characters; "
                + "run with a UTF-8 locale (e.g. LANG=C.UTF-8) or rename the file";
    }

    private static String printable(String value) {
        StringBuilder out = new StringBuilder();
        value.codePoints().forEach(c -> out.append(Character.isISOControl(c) || Character.isSurrogate((char) c)
                && Character.charCount(c) == 1 ? "?" : Character.toString(c)));
        return out.toString();
    }
}
