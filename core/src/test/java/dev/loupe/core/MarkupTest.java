package dev.loupe.core;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The one escape for the report pages, their SVG charts and the graph diagrams. */
class MarkupTest {

    @Test
    void escapes_what_would_end_an_element_or_a_quoted_attribute() {
        assertEquals("&lt;script&gt;alert(&quot;x&quot; &amp; &#39;y&#39;)&lt;/script&gt;",
                Markup.escape("<script>alert(\"x\" & 'y')</script>"));
    }

    @Test
    void leaves_other_text_alone_and_null_as_empty() {
        assertEquals("vision → agent · ÿ", Markup.escape("vision → agent · ÿ"));
        assertEquals("", Markup.escape(null));
    }
}
