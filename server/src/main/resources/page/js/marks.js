// Marks drawn over the image from what the tools measured, in the image's own pixel coordinates (an
// SVG whose viewBox is the image, so marks follow zoom): copy-move pairs (source, target and a line
// between them, from any tool whose data carries "pairs"), the composition measures (thirds grid,
// subject point, horizon line) and detected boxes with their labels. A legend lists each in words.
import { $, el } from './api.js';

const SVG = 'http://www.w3.org/2000/svg';

function shape(tag, attrs, title) {
  const node = document.createElementNS(SVG, tag);
  Object.entries(attrs).forEach(([k, v]) => node.setAttribute(k, String(v)));
  if (title) {
    const t = document.createElementNS(SVG, 'title');
    t.textContent = title;
    node.appendChild(t);
  }
  return node;
}

const round = (v) => Math.round(v);
const centre = (r) => [r.x + (r.width || 0) / 2, r.y + (r.height || 0) / 2];
const describeRegion = (r) => (r.width ? round(r.width) + '×' + round(r.height) + ' at (' + round(r.x) + ', ' + round(r.y) + ')'
  : '(' + round(r.x) + ', ' + round(r.y) + ')');

export function drawMarks(result, tools, width, height) {
  const svg = $('marks');
  const legend = $('marks-legend');
  svg.replaceChildren();
  legend.replaceChildren();
  if (!width || !height) return;
  svg.setAttribute('viewBox', '0 0 ' + width + ' ' + height);
  const defs = shape('defs', {});
  const marker = shape('marker', { id: 'mark-arrow', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 6, markerHeight: 6, orient: 'auto' });
  marker.appendChild(shape('path', { d: 'M0 0L10 5L0 10z', class: 'mark-arrowhead' }));
  defs.appendChild(marker);
  svg.appendChild(defs);
  const font = Math.max(12, Math.round(Math.min(width, height) / 40));
  const say = (kind, text) => legend.appendChild(el('li', text, { 'data-mark': kind }));
  let count = 0;

  tools.forEach(({ tool, result: r }) => {
    // copy_move names them "pairs", copy_move_keypoints "regions" (with its matched points as "lines").
    const data = r && r.data ? r.data : {};
    const pairs = [].concat(Array.isArray(data.pairs) ? data.pairs : [], Array.isArray(data.regions) ? data.regions : [])
      .filter((p) => p && p.source && p.target);
    pairs.forEach((p, i) => {
      const group = shape('g', { class: 'mark-pair', 'data-mark': 'pair' });
      (Array.isArray(p.lines) ? p.lines : []).filter((l) => Array.isArray(l) && l.length === 4).forEach(([a, b, c, d]) =>
        group.appendChild(shape('line', { x1: a, y1: b, x2: c, y2: d, class: 'mark-match' })));
      [['source', p.source], ['target', p.target]].forEach(([role, region]) => {
        if (region.width) group.appendChild(shape('rect', { x: region.x, y: region.y, width: region.width, height: region.height, class: 'mark-' + role }));
        else group.appendChild(shape('circle', { cx: region.x, cy: region.y, r: font / 2, class: 'mark-' + role }));
      });
      const [x1, y1] = centre(p.source);
      const [x2, y2] = centre(p.target);
      group.appendChild(shape('line', { x1, y1, x2, y2, class: 'mark-link', 'marker-end': 'url(#mark-arrow)' },
        tool + ' pair ' + (i + 1) + ': source → target'));
      group.appendChild(shape('text', { x: x1, y: y1 - font / 2, class: 'mark-label', 'font-size': font })).textContent = String(i + 1);
      svg.appendChild(group);
      say('pair', tool + ' pair ' + (i + 1) + ': ' + describeRegion(p.source) + ' reappears at ' + describeRegion(p.target)
        + (p.dx !== undefined ? ', shifted (' + p.dx + ', ' + p.dy + ')' : '') + (p.blocks ? ', ' + p.blocks + ' blocks' : '')
        + (typeof p.angle === 'number' ? ', turned ' + p.angle.toFixed(1) + '°' : '') + (typeof p.scale === 'number' ? ', scaled ' + p.scale.toFixed(2) : '')
        + (p.inliers ? ', ' + p.inliers + ' matched points' : ''));
      count++;
    });
    if (tool === 'composition_measures' && r && r.data) count += composition(svg, r.data, width, height, font, say);
  });
  (Array.isArray(result.boxes) ? result.boxes : []).forEach((b, i) => {
    if (!Array.isArray(b.box) || b.box.length !== 4) return;
    const [x1, y1, x2, y2] = [b.box[0] * width, b.box[1] * height, b.box[2] * width, b.box[3] * height];
    const label = b.label + (typeof b.score === 'number' ? ' ' + b.score.toFixed(2) : '');
    const group = shape('g', { class: 'mark-box', 'data-mark': 'box' });
    group.appendChild(shape('rect', { x: x1, y: y1, width: x2 - x1, height: y2 - y1 }, label));
    group.appendChild(shape('text', { x: x1 + 4, y: Math.max(font, y1 - font / 3), class: 'mark-label', 'font-size': font })).textContent = label;
    svg.appendChild(group);
    say('box', 'Box ' + (i + 1) + ': ' + label + ', ' + describeRegion({ x: x1, y: y1, width: x2 - x1, height: y2 - y1 }));
    count++;
  });
  svg.dataset.drawn = String(count);
  $('marks-box').hidden = count === 0;
}

function composition(svg, data, width, height, font, say) {
  let count = 0;
  const grid = shape('g', { class: 'mark-thirds', 'data-mark': 'thirds' });
  [1, 2].forEach((k) => {
    grid.appendChild(shape('line', { x1: width * k / 3, y1: 0, x2: width * k / 3, y2: height }));
    grid.appendChild(shape('line', { x1: 0, y1: height * k / 3, x2: width, y2: height * k / 3 }));
  });
  svg.appendChild(grid);
  say('thirds', 'Rule-of-thirds grid');
  count++;
  const subject = data.subject;
  if (subject && typeof subject.x === 'number') {
    const cx = subject.x * width;
    const cy = subject.y * height;
    const r = Math.sqrt((subject.size || 0.01) * width * height / Math.PI);
    const group = shape('g', { class: 'mark-subject', 'data-mark': 'subject' });
    group.appendChild(shape('circle', { cx, cy, r }, 'subject area'));
    group.appendChild(shape('circle', { cx, cy, r: font / 3, class: 'mark-dot' }));
    svg.appendChild(group);
    say('subject', 'Subject at (' + subject.x + ', ' + subject.y + ') of the frame, ' + Math.round((subject.size || 0) * 100)
      + '% of it, placed ' + subject.placement + (typeof subject.thirds_dist === 'number' ? '; ' + subject.thirds_dist + ' from the nearest thirds crossing' : '')
      + (subject.source === 'faces' ? ' (the faces)' : ''));
    count++;
  } else if (subject && subject.reason) {
    say('subject', 'No subject found: ' + subject.reason);
  }
  const horizon = data.horizon;
  if (horizon && horizon.found) {
    // Positive tilt rises to the right; y is the line's height at the centre, as a share of the height.
    const slope = Math.tan(horizon.tilt_deg * Math.PI / 180);
    const yc = horizon.y * height;
    svg.appendChild(shape('line', { x1: 0, y1: yc + slope * width / 2, x2: width, y2: yc - slope * width / 2,
      class: 'mark-horizon', 'data-mark': 'horizon' }, 'horizon, tilt ' + horizon.tilt_deg + '°'));
    say('horizon', 'Horizon at ' + Math.round(horizon.y * 100) + '% of the height, tilted ' + horizon.tilt_deg + '°');
    count++;
  } else if (horizon && horizon.reason) {
    // Said, not drawn: a level line with no sky above it is not a horizon to critique.
    say('horizon', 'No horizon found: ' + horizon.reason);
  }
  return count;
}
