package dev.loupe.core;

/** Text made safe inside HTML and XML (the report pages, SVG charts and graph diagrams): element text and quoted attributes alike. */
public final class Markup {

    private Markup() {
    }

    /** {@code text} with {@code < > & " '} escaped; null becomes the empty string. */
    public static String escape(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
