// Graphs: each served graph drawn (the server lays out the compiled graph's Mermaid diagram as SVG),
// with its description, tools, and the Mermaid text itself for those who paste it elsewhere.
import { $, json, el, blobUrl } from './api.js';

export async function loadGraphs() {
  const body = await json('/v1/graphs');
  const boxes = await Promise.all(body.graphs.map(async (g) => {
    const box = el('article', null, { class: 'graph', 'data-graph': g.name });
    box.appendChild(el('h3', g.name));
    box.appendChild(el('p', (g.description || '') + (g.tools && g.tools.length ? ' Tools: ' + g.tools.join(', ') + '.' : '')));
    const figure = el('figure', null, { class: 'diagram' });
    const img = el('img', null, { alt: 'Diagram of the ' + g.name + ' graph: its nodes and the edges between them' });
    figure.appendChild(img);
    figure.appendChild(el('figcaption', 'The compiled ' + g.name + ' graph; dashed arrows are conditional edges.'));
    box.appendChild(figure);
    const details = el('details');
    details.appendChild(el('summary', 'Mermaid text'));
    details.appendChild(el('pre', g.mermaid, { class: 'mermaid-text', 'aria-label': 'Mermaid diagram of ' + g.name }));
    box.appendChild(details);
    img.src = await blobUrl('/v1/graphs/' + encodeURIComponent(g.name) + '/diagram.svg');
    await img.decode().catch(() => {});
    img.dataset.drawn = String(img.naturalWidth > 0);
    return box;
  }));
  $('graph-list').replaceChildren(...boxes);
}
