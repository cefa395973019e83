package dev.loupe.server.diagram;

import dev.loupe.Loupe;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SvgDiagramTest {

    @Test
    void the_compiled_forensic_graph_is_drawn_with_every_node_inside_its_frame() throws Exception {
        String svg;
        try (Loupe loupe = Loupe.builder().graph("forensic").build()) {
            svg = SvgDiagram.ofMermaid(loupe.graph().mermaid(), "forensic");
        }
        Path file = Path.of("target", "screenshots", "diagram-forensic.svg");
        Files.createDirectories(file.getParent());
        Files.writeString(file, svg);
        Document doc = parse(svg);

        List<String> nodes = attributes(doc, "g", "data-node");
        assertTrue(nodes.containsAll(List.of("__START__", "vision", "structuring", "__END__", "call_model_agent",
                "run_tools_agent", "best_effort_agent")), nodes.toString());
        assertEquals(List.of("agent"), attributes(doc, "g", "data-subgraph"));
        assertTrue(doc.getElementsByTagName("title").item(0).getTextContent().contains("forensic"));
        assertTrue(doc.getElementsByTagName("desc").item(0).getTextContent().contains("vision → agent"));
        double width = Double.parseDouble(doc.getDocumentElement().getAttribute("width"));
        double height = Double.parseDouble(doc.getDocumentElement().getAttribute("height"));
        for (Element rect : elements(doc, "rect")) {
            if (rect.hasAttribute("x")) {
                assertTrue(Double.parseDouble(rect.getAttribute("x")) >= 0
                        && Double.parseDouble(rect.getAttribute("x")) + Double.parseDouble(rect.getAttribute("width")) <= width
                        && Double.parseDouble(rect.getAttribute("y")) + Double.parseDouble(rect.getAttribute("height")) <= height,
                        "a box leaves the picture: " + rect.getAttribute("x") + "," + rect.getAttribute("y"));
            }
        }
    }

    @Test
    void rows_follow_the_edges_and_an_edge_back_up_goes_round_the_right_side() {
        Flowchart chart = MermaidReader.read("flowchart TD\n a(\"a\")\n b(\"b\")\n c(\"c\")\n a --> b\n b --> c\n c -.-> a\n", "loop");
        Placement placed = LayeredLayout.place(chart);

        Map<String, Double> y = new HashMap<>();
        placed.boxes().forEach((id, box) -> y.put(id, box.y()));
        assertTrue(y.get("a") < y.get("b") && y.get("b") < y.get("c"), y.toString());
        Placement.Route back = placed.routes().get(2);
        Placement.Box c = placed.boxes().get("c");
        assertTrue(back.points().get(1)[0] > c.x() + c.width(), "the loop edge runs right of the nodes");
        assertTrue(back.edge().dotted());
    }

    @Test
    void an_edge_that_skips_a_row_goes_round_the_left_side_rather_than_through_a_node() {
        Flowchart chart = MermaidReader.read("flowchart TD\n a --> b\n b --> c\n a --> c\n", "skip");
        Placement placed = LayeredLayout.place(chart);

        Placement.Route skip = placed.routes().get(2);
        assertTrue(skip.points().get(1)[0] < placed.boxes().get("b").x(), "the skipping edge runs left of b");
    }

    @Test
    void labels_are_escaped_so_a_node_cannot_inject_markup() throws Exception {
        String svg = SvgDiagram.ofMermaid("flowchart TD\n x[\"<script>&\"]\n x --> y\n", "t<>");

        assertFalse(svg.contains("<script>"));
        assertEquals("<script>&", attributesText(parse(svg)));
    }

    private static String attributesText(Document doc) {
        return elements(doc, "text").get(0).getTextContent();
    }

    private static Document parse(String svg) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    }

    private static List<Element> elements(Document doc, String tag) {
        NodeList list = doc.getElementsByTagName(tag);
        List<Element> out = new ArrayList<>();
        for (int i = 0; i < list.getLength(); i++) {
            out.add((Element) list.item(i));
        }
        return out;
    }

    private static List<String> attributes(Document doc, String tag, String name) {
        return elements(doc, tag).stream().filter(e -> e.hasAttribute(name)).map(e -> e.getAttribute(name)).toList();
    }
}
