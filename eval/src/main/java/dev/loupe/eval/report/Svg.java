package dev.loupe.eval.report;

import static dev.loupe.core.Markup.escape;
import static dev.loupe.eval.report.Html.px;

/** A small SVG writer: an open {@code <svg>} of a fixed size, shapes appended in order. */
final class Svg {

    static final String REAL = "#2b7bb9";
    static final String FAKE = "#d1495b";
    static final String UNCERTAIN = "#9a9a9a";
    static final String INK = "#222";
    static final String GRID = "#e3e3e3";
    static final String ACCENT = "#edae49";

    private final StringBuilder out = new StringBuilder();

    Svg(int width, int height, String title) {
        out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(width).append("\" height=\"")
                .append(height).append("\" viewBox=\"0 0 ").append(width).append(' ').append(height)
                .append("\" style=\"max-width:100%;height:auto\" role=\"img\" font-family=\"system-ui, sans-serif\" font-size=\"12\"><title>")
                .append(escape(title)).append("</title>");
    }

    Svg rect(double x, double y, double w, double h, String fill, String tooltip) {
        out.append("<rect x=\"").append(px(x)).append("\" y=\"").append(px(y)).append("\" width=\"")
                .append(px(Math.max(0, w))).append("\" height=\"").append(px(Math.max(0, h))).append("\" fill=\"")
                .append(fill).append('"');
        if (tooltip != null) {
            out.append("><title>").append(escape(tooltip)).append("</title></rect>");
        } else {
            out.append("/>");
        }
        return this;
    }

    Svg line(double x1, double y1, double x2, double y2, String stroke, double width, boolean dashed) {
        out.append("<line x1=\"").append(px(x1)).append("\" y1=\"").append(px(y1)).append("\" x2=\"").append(px(x2))
                .append("\" y2=\"").append(px(y2)).append("\" stroke=\"").append(stroke).append("\" stroke-width=\"")
                .append(px(width)).append('"').append(dashed ? " stroke-dasharray=\"4 3\"" : "").append("/>");
        return this;
    }

    Svg circle(double cx, double cy, double r, String fill, String tooltip) {
        out.append("<circle cx=\"").append(px(cx)).append("\" cy=\"").append(px(cy)).append("\" r=\"").append(px(r))
                .append("\" fill=\"").append(fill).append("\"><title>").append(escape(tooltip)).append("</title></circle>");
        return this;
    }

    /** Text; {@code anchor} is start, middle or end. */
    Svg text(double x, double y, String text, String anchor, String fill, boolean bold) {
        out.append("<text x=\"").append(px(x)).append("\" y=\"").append(px(y)).append("\" text-anchor=\"").append(anchor)
                .append("\" fill=\"").append(fill).append('"').append(bold ? " font-weight=\"600\"" : "").append('>')
                .append(escape(text)).append("</text>");
        return this;
    }

    Svg verticalText(double x, double y, String text) {
        out.append("<text x=\"").append(px(x)).append("\" y=\"").append(px(y)).append("\" text-anchor=\"middle\" fill=\"")
                .append(INK).append("\" transform=\"rotate(-90 ").append(px(x)).append(' ').append(px(y)).append(")\">")
                .append(escape(text)).append("</text>");
        return this;
    }

    @Override
    public String toString() {
        return out + "</svg>";
    }
}
