/**
 * Graph diagrams drawn as SVG on the server, so the examiner page shows a picture without shipping
 * a JavaScript diagram library: {@link dev.loupe.server.diagram.MermaidReader} reads the Mermaid
 * flowchart LangGraph4j writes for a compiled graph into a {@link dev.loupe.server.diagram.Flowchart},
 * {@link dev.loupe.server.diagram.LayeredLayout} places its nodes in rows (subgraphs as boxes laid out
 * on their own first), and {@link dev.loupe.server.diagram.SvgDiagram} draws the placed chart.
 */
package dev.loupe.server.diagram;
