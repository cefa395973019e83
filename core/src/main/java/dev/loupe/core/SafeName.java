package dev.loupe.core;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * Ids that become file or folder names — thread and conversation ids, evaluation run names — are
 * names, never paths. This is their one rule: 1 to {@value #MAX_LENGTH} ASCII letters, digits,
 * {@code .}, {@code _} or {@code -}, starting with a letter or digit, never holding {@code ..}
 * ({@value #PATTERN}). That leaves out every separator, absolute paths, {@code .} and {@code ..},
 * percent-encodings (no {@code %}), and look-alikes from other scripts (a fullwidth dot or solidus,
 * U+2215), so one id is one file name on every platform.
 *
 * <p>An id is checked where it enters Loupe ({@link #require}); a file or folder is checked again
 * where it is written ({@link #inside}), so an id that got past the first check still cannot lead
 * a write out of its folder.
 */
public final class SafeName {

    public static final int MAX_LENGTH = 128;
    /** The rule as a regular expression; {@link #isValid} also refuses {@code ..} inside a name. */
    public static final String PATTERN = "[A-Za-z0-9][A-Za-z0-9._-]{0,127}";
    private static final Pattern VALID = Pattern.compile(PATTERN);
    private static final String RULE = "use 1 to " + MAX_LENGTH + " ASCII letters, digits, '.', '_' or '-', starting with "
            + "a letter or digit, without '..'";
    private static final int SHOWN = 40;

    private SafeName() {
    }

    /** Whether {@code name} follows the rule. */
    public static boolean isValid(String name) {
        return name != null && VALID.matcher(name).matches() && !name.contains("..");
    }

    /**
     * {@code name}, or a BAD_INPUT saying which id ({@code what}: "thread id", "run name") was refused
     * and what an id may hold.
     */
    public static String require(String what, String name) {
        if (!isValid(name)) {
            throw LoupeException.badInput(what + " '" + shown(name) + "' is not usable as a name: " + RULE
                    + " (for example case-42)");
        }
        return name;
    }

    /**
     * A name by the rule made from any text (a folder's or a graph's name that prefixes derived ids):
     * other characters become {@code -}, runs of dots one dot, and it is cut to {@code maxLength};
     * {@code fallback} when nothing usable is left.
     */
    public static String from(String text, int maxLength, String fallback) {
        String name = text.replaceAll("[^A-Za-z0-9._-]", "-").replaceAll("\\.{2,}", ".").replaceFirst("^[._-]+", "");
        name = name.substring(0, Math.min(name.length(), Math.min(maxLength, MAX_LENGTH)));
        return isValid(name) ? name : require("fallback name", fallback);
    }

    /**
     * The file or folder {@code name} directly inside {@code folder}, for writing: refused (BAD_INPUT)
     * when the name is not a single name there — a separator, {@code ..}, an absolute path — or when
     * something already there is a symbolic link, which a write would follow out of the folder. A
     * folder given as a link is the operator's choice and is followed.
     */
    public static Path inside(Path folder, String name) {
        Path base = folder.toAbsolutePath().normalize();
        Path target;
        try {
            target = base.resolve(name).normalize();
        } catch (InvalidPathException e) {
            throw refusal(name, "it cannot be a file name here");
        }
        if (!base.equals(target.getParent())) {
            throw refusal(name, "it is not a name inside the output folder");
        }
        if (Files.isSymbolicLink(target)) {
            throw refusal(name, "a symbolic link is in its place");
        }
        return target;
    }

    private static LoupeException refusal(String name, String reason) {
        return LoupeException.badInput("refusing to write '" + shown(name) + "': " + reason);
    }

    /** The name as a message may quote it: shortened, control characters as {@code ?}. */
    private static String shown(String name) {
        if (name == null) {
            return "";
        }
        String cut = name.codePointCount(0, name.length()) > SHOWN
                ? name.substring(0, name.offsetByCodePoints(0, SHOWN)) + "…" : name;
        return cut.replaceAll("\\p{Cntrl}", "?");
    }
}
