package dev.loupe.docs;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One command of a shell snippet, split into words as a POSIX shell would for the simple commands
 * the manual shows: quotes, backslash-continued lines, {@code &&} between commands, and a pipe,
 * redirection or trailing {@code &} ending what the test runs. Leading {@code NAME=value} words (an
 * environment for that command) are dropped.
 *
 * @param text  the command as written
 * @param words its words, without the environment and what follows a pipe or redirection
 */
record ShellLine(String text, List<String> words) {

    /** How the manual invokes Loupe's command line; what follows is picocli's arguments. */
    private static final List<List<String>> LOUPE = List.of(List.of("loupe"), List.of("bin/loupe"),
            List.of("java", "-jar", "cli/target/loupe.jar"));

    /** The commands of a snippet, in order. */
    static List<ShellLine> of(String snippet) {
        List<ShellLine> lines = new ArrayList<>();
        String joined = snippet.replace("\\\n", " ");
        for (String line : joined.split("\n")) {
            String command = withoutComment(line).strip();
            for (String part : splitOutsideQuotes(command)) {
                if (!part.isBlank()) {
                    lines.add(new ShellLine(part.strip(), words(part)));
                }
            }
        }
        return lines;
    }

    /** Picocli's arguments when this is a {@code loupe} command. */
    Optional<List<String>> loupeArguments() {
        for (List<String> prefix : LOUPE) {
            if (words.size() >= prefix.size() && words.subList(0, prefix.size()).equals(prefix)) {
                return Optional.of(words.subList(prefix.size(), words.size()));
            }
        }
        return Optional.empty();
    }

    String program() {
        return words.isEmpty() ? "" : words.get(0);
    }

    private static String withoutComment(String line) {
        boolean single = false;
        boolean dbl = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\'' && !dbl) single = !single;
            else if (c == '"' && !single) dbl = !dbl;
            else if (c == '#' && !single && !dbl && (i == 0 || Character.isWhitespace(line.charAt(i - 1)))) {
                return line.substring(0, i);
            }
        }
        return line;
    }

    /** Splits on {@code &&} outside quotes. */
    private static List<String> splitOutsideQuotes(String command) {
        List<String> parts = new ArrayList<>();
        boolean single = false;
        boolean dbl = false;
        int start = 0;
        for (int i = 0; i < command.length(); i++) {
            char c = command.charAt(i);
            if (c == '\'' && !dbl) single = !single;
            else if (c == '"' && !single) dbl = !dbl;
            else if (c == '&' && !single && !dbl && i + 1 < command.length() && command.charAt(i + 1) == '&') {
                parts.add(command.substring(start, i));
                start = i + 2;
                i++;
            }
        }
        parts.add(command.substring(start));
        return parts;
    }

    /** The words up to a pipe, redirection or {@code &}, without leading {@code NAME=value} words. */
    private static List<String> words(String command) {
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        boolean single = false;
        boolean dbl = false;
        for (int i = 0; i < command.length(); i++) {
            char c = command.charAt(i);
            if (single) {
                if (c == '\'') single = false; else word.append(c);
            } else if (dbl) {
                if (c == '"') dbl = false; else word.append(c);
            } else if (c == '\'' || c == '"') {
                if (word == null) word = new StringBuilder();
                if (c == '\'') single = true; else dbl = true;
            } else if (Character.isWhitespace(c)) {
                if (word != null) words.add(word.toString());
                word = null;
            } else if (c == '|' || c == '>' || c == '<' || c == '&' || c == ';') {
                break;
            } else {
                if (word == null) word = new StringBuilder();
                word.append(c);
            }
        }
        if (word != null) words.add(word.toString());
        while (!words.isEmpty() && words.get(0).matches("[A-Za-z_][A-Za-z0-9_]*=.*")) {
            words.remove(0);
        }
        return words;
    }
}
