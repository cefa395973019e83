package dev.loupe.tool.web;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;

/**
 * The readable part of an HTML page, as text: the page's {@code main}, {@code article} or
 * {@code role=main} element when it has one (the largest, by text), else the body; scripts,
 * styles, navigation, headers, footers, asides, forms and embedded frames left out. Block elements
 * end lines, so paragraphs stay apart.
 */
final class MainContent {

    private static final String NOISE = "script, style, noscript, template, svg, canvas, iframe, object, embed, "
            + "nav, header, footer, aside, form, button, [role=navigation], [role=banner], [role=contentinfo], [aria-hidden=true]";

    private MainContent() {
    }

    /** The title and main text of {@code html}, read as served from {@code url} (for relative links). */
    static Extract of(String html, String url) {
        Document document = Jsoup.parse(html, url);
        String title = document.title();
        document.select(NOISE).remove();
        Element main = largest(document.select("main, article, [role=main]"));
        Element root = main != null ? main : document.body();
        return new Extract(title, root == null ? "" : text(root));
    }

    private static Element largest(Elements candidates) {
        Element best = null;
        for (Element candidate : candidates) {
            if (best == null || candidate.text().length() > best.text().length()) {
                best = candidate;
            }
        }
        return best;
    }

    /** Text with a line break after each block element, runs of blank lines collapsed. */
    private static String text(Element root) {
        root.select("p, div, section, li, h1, h2, h3, h4, h5, h6, pre, blockquote, tr, br, dt, dd, figcaption")
                .forEach(block -> block.after("\n"));
        String text = root.wholeText();
        return text.replaceAll("[ \\t\\x0B\\f\\r]+", " ").replaceAll(" ?\\n ?", "\n").replaceAll("\\n{3,}", "\n\n").strip();
    }

    /** A page's title and main text. */
    record Extract(String title, String text) {
    }
}
