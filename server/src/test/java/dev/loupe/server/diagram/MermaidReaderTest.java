package dev.loupe.server.diagram;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MermaidReaderTest {

    /** What LangGraph4j 1.8.17 writes for a graph with an agent subgraph (trimmed). */
    static final String FORENSIC = """
            ---
            title: forensic
            ---
            flowchart TD
            \t__START__((start))
            \t__END__((stop))
            \tstructuring("structuring")
            \tvision("vision")
            subgraph agent
            \t__START__agent((start)):::__START__agent
            \t__END__agent((stop)):::__END__agent
            \tcall_model_agent("call_model")
            \trun_tools_agent("run_tools")
            \tcondition1_agent{"check state"}
            \t__START__agent:::__START__agent --> call_model_agent:::call_model_agent
            \tcall_model_agent:::call_model_agent -.-> condition1_agent:::condition1_agent
            \tcondition1_agent:::condition1_agent -.-> __END__agent:::__END__agent
            \t%%\tcall_model_agent:::call_model_agent -.-> __END__agent:::__END__agent
            \tcondition1_agent:::condition1_agent -.-> run_tools_agent:::run_tools_agent
            \trun_tools_agent:::run_tools_agent --> call_model_agent:::call_model_agent
            end
            \t__START__:::__START__ --> vision:::vision
            \tstructuring:::structuring --> __END__:::__END__
            \tvision:::vision --> agent:::agent
            \tagent:::agent --> structuring:::structuring

            \tclassDef __START__ fill:black,stroke-width:1px,font-size:xx-small;
            """;

    @Test
    void reads_the_title_the_nodes_with_their_shapes_and_the_nested_subgraph() {
        Flowchart chart = MermaidReader.read(FORENSIC, "fallback");

        assertEquals("forensic", chart.id());
        assertEquals(List.of(
                new Flowchart.Node("__START__", "start", Flowchart.Shape.CIRCLE),
                new Flowchart.Node("__END__", "stop", Flowchart.Shape.CIRCLE),
                new Flowchart.Node("structuring", "structuring", Flowchart.Shape.ROUNDED),
                new Flowchart.Node("vision", "vision", Flowchart.Shape.ROUNDED)), chart.nodes());
        Flowchart agent = chart.subgraph("agent").orElseThrow();
        assertEquals(new Flowchart.Node("condition1_agent", "check state", Flowchart.Shape.DIAMOND), agent.nodes().get(4));
        assertEquals(5, agent.nodes().size());
    }

    @Test
    void reads_solid_and_dotted_edges_with_class_suffixes_and_skips_the_commented_ones() {
        Flowchart chart = MermaidReader.read(FORENSIC, "fallback");

        assertEquals(List.of(
                new Flowchart.Edge("__START__", "vision", false, null),
                new Flowchart.Edge("structuring", "__END__", false, null),
                new Flowchart.Edge("vision", "agent", false, null),
                new Flowchart.Edge("agent", "structuring", false, null)), chart.edges());
        List<Flowchart.Edge> inner = chart.subgraph("agent").orElseThrow().edges();
        assertEquals(5, inner.size());
        assertEquals(new Flowchart.Edge("call_model_agent", "condition1_agent", true, null), inner.get(1));
    }

    @Test
    void reads_an_edge_label_and_a_square_node_and_names_an_untitled_chart_by_the_fallback() {
        Flowchart chart = MermaidReader.read("flowchart TD\n  a[\"first step\"]\n  a -->|\"when ok\"| b\n", "mine");

        assertEquals("mine", chart.id());
        assertEquals(new Flowchart.Node("a", "first step", Flowchart.Shape.BOX), chart.nodes().get(0));
        assertEquals(new Flowchart.Edge("a", "b", false, "when ok"), chart.edges().get(0));
        assertTrue(chart.subgraphs().isEmpty());
    }
}
