package dev.loupe.structure;

/**
 * Rewrites the near-JSON that models write into strict JSON: drops {@code //}, {@code /* *}{@code /}
 * and {@code #} comments, turns single-quoted and smart-quoted strings into double-quoted ones,
 * quotes bare keys and bare words ({@code {verdict: fake}}), maps Python's True/False/None, keeps
 * {@code 85%} as the string "85%" for the normaliser, and removes trailing commas. Text inside
 * double-quoted strings is copied unchanged except that raw line breaks are escaped.
 */
final class JsonRepair {

    private final String in;
    private final StringBuilder out;
    /** The objects and arrays open at this point, innermost last. */
    private final StringBuilder open = new StringBuilder();
    private int i;

    private JsonRepair(String in) {
        this.in = in;
        this.out = new StringBuilder(in.length() + 16);
    }

    static String repair(String text) {
        JsonRepair repair = new JsonRepair(text);
        repair.run();
        return repair.out.toString();
    }

    /**
     * Repairs an answer that was cut off: an open string is closed, a dangling comma dropped, a key
     * left without its value given null, and the open objects and arrays closed in order.
     */
    static String complete(String text) {
        JsonRepair repair = new JsonRepair(text);
        repair.run();
        StringBuilder out = repair.out;
        while (!out.isEmpty() && Character.isWhitespace(out.charAt(out.length() - 1))) {
            out.setLength(out.length() - 1);
        }
        if (!out.isEmpty() && out.charAt(out.length() - 1) == ',') {
            out.setLength(out.length() - 1);
        } else if (!out.isEmpty() && out.charAt(out.length() - 1) == ':') {
            out.append("null");
        }
        for (int k = repair.open.length() - 1; k >= 0; k--) {
            out.append(repair.open.charAt(k) == '{' ? '}' : ']');
        }
        return out.toString();
    }

    private void run() {
        while (i < in.length()) {
            char c = in.charAt(i);
            if (c == '"') {
                copyString('"', '"');
            } else if (c == '\'') {
                copyString('\'', '\'');
            } else if (c == '“' || c == '”') {
                copyString(c, '”');
            } else if (c == '/' && peek(1) == '/' || c == '#') {
                skipUntil("\n");
            } else if (c == '/' && peek(1) == '*') {
                i += 2;
                skipUntil("*/");
            } else if (c == '{' || c == '[') {
                open.append(c);
                out.append(c);
                i++;
            } else if (c == '}' || c == ']') {
                if (!open.isEmpty()) {
                    open.setLength(open.length() - 1);
                }
                dropTrailingComma();
                out.append(c);
                i++;
            } else if (c == '-' || c == '+' || c == '.' || c >= '0' && c <= '9') {
                // ASCII digits only: Character.isDigit also accepts other scripts' digits, which
                // copyNumber does not consume, and the loop would never advance (found by fuzzing).
                copyNumber();
            } else if (Character.isLetter(c) || c == '_' || c == '$') {
                copyWord();
            } else {
                out.append(c);
                i++;
            }
        }
    }

    private char peek(int ahead) {
        return i + ahead < in.length() ? in.charAt(i + ahead) : '\0';
    }

    private void skipUntil(String end) {
        int found = in.indexOf(end, i);
        i = found < 0 ? in.length() : found + end.length();
        if (end.equals("\n") && found >= 0) {
            out.append('\n');
        }
    }

    /** Copies a string delimited by {@code open}; it ends at {@code close}, or at '"' for smart quotes. */
    private void copyString(char open, char close) {
        boolean smart = open == '“' || open == '”';
        out.append('"');
        i++;
        while (i < in.length()) {
            char c = in.charAt(i);
            if (c == '\\' && i + 1 < in.length()) {
                char next = in.charAt(i + 1);
                // \' is not a JSON escape; inside a double-quoted result it needs none.
                out.append(next == '\'' ? "'" : "\\" + next);
                i += 2;
                continue;
            }
            if (c == close || smart && (c == '"' || c == '“')) {
                i++;
                break;
            }
            if (c == '"') {
                out.append("\\\"");
            } else if (c == '\n') {
                out.append("\\n");
            } else if (c == '\r') {
                out.append("\\r");
            } else if (c == '\t') {
                out.append("\\t");
            } else {
                out.append(c);
            }
            i++;
        }
        out.append('"');
    }

    private void copyNumber() {
        int start = i;
        while (i < in.length() && "+-.0123456789eE".indexOf(in.charAt(i)) >= 0) {
            i++;
        }
        String number = in.substring(start, i);
        if (number.startsWith("+")) {
            number = number.substring(1);
        }
        if (i < in.length() && in.charAt(i) == '%') {
            i++;
            out.append('"').append(number).append("%\"");
        } else {
            out.append(number);
        }
    }

    private void copyWord() {
        int start = i;
        while (i < in.length() && isWordPart(in.charAt(i))) {
            i++;
        }
        String word = in.substring(start, i);
        switch (word) {
            case "true", "True", "TRUE" -> out.append("true");
            case "false", "False", "FALSE" -> out.append("false");
            case "null", "None", "NULL" -> out.append("null");
            default -> out.append('"').append(word).append('"');
        }
    }

    private static boolean isWordPart(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$' || c == '-';
    }

    private void dropTrailingComma() {
        int j = out.length() - 1;
        while (j >= 0 && Character.isWhitespace(out.charAt(j))) {
            j--;
        }
        if (j >= 0 && out.charAt(j) == ',') {
            out.deleteCharAt(j);
        }
    }
}
