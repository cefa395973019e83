// Two threads of the same image side by side: the answer's fields, then the evidence rows, each
// marked where the two differ (in words as well as colour).
import { $, json, el, say, when, number } from './api.js';

const FIELDS = [['verdict', 'Verdict'], ['confidence', 'Confidence'], ['p_fake', 'P(fake)'], ['category', 'Category'],
  ['overall_score', 'Overall score'], ['count', 'Boxes'], ['summary', 'Summary'], ['rationale', 'Rationale']];

export async function compare(a, b) {
  if (!a || !b) return;
  if (!a.image || !b.image || a.image.sha256 !== b.image.sha256) {
    say('These two threads analysed different images; compare two threads of the same image.', true);
    return;
  }
  const [left, right] = await Promise.all([a, b].map((t) => json('/v1/threads/' + encodeURIComponent(t.id))));
  const ra = left.result || {};
  const rb = right.result || {};
  const head = (t, r) => t.graph + ' · ' + when(t.updated) + ' · ' + modelsOf(r);
  $('compare-a').textContent = 'A: ' + head(a, ra);
  $('compare-b').textContent = 'B: ' + head(b, rb);
  const rows = [['Thread', a.id, b.id]];
  FIELDS.forEach(([key, label]) => {
    if (ra[key] !== undefined || rb[key] !== undefined) rows.push([label, ra[key], rb[key]]);
  });
  rows.push(['Models', modelsOf(ra), modelsOf(rb)]);
  $('compare-fields').tBodies[0].replaceChildren(...rows.map(([label, x, y], i) => line([label, show(x), show(y)], i > 0 && show(x) !== show(y))));
  const evidence = evidenceRows(ra.evidence || [], rb.evidence || []);
  const differing = evidence.filter((r) => r.differs);
  $('compare-evidence').tBodies[0].replaceChildren(...differing.map((r) => line([r.tool, r.finding, weight(r.a), weight(r.b)], true)));
  $('compare-evidence').caption.textContent = 'Evidence rows that differ: ' + differing.length + ' of ' + evidence.length
    + ' (weight: log-odds toward fake; — when the thread lacks the row)';
  $('compare-box').hidden = false;
  $('compare-box').scrollIntoView({ block: 'nearest' });
  say('Compared ' + a.id + ' with ' + b.id + '.');
}

function modelsOf(result) {
  return result.models ? Array.from(new Set(Object.values(result.models))).join(', ') : '—';
}

function show(v) {
  if (v === undefined || v === null) return '—';
  return typeof v === 'number' ? String(number(v)) : String(v);
}

const weight = (w) => (typeof w === 'number' ? (w > 0 ? '+' : '') + w.toFixed(2) : '—');

/** Rows matched by tool and finding text; a row differs when one thread lacks it or the weights differ. */
function evidenceRows(left, right) {
  const key = (e) => e.tool + '\u0000' + e.finding;
  const rows = new Map();
  left.forEach((e) => rows.set(key(e), { tool: e.tool, finding: e.finding, a: e.weight }));
  right.forEach((e) => {
    const r = rows.get(key(e)) || { tool: e.tool, finding: e.finding };
    r.b = e.weight;
    rows.set(key(e), r);
  });
  return Array.from(rows.values()).map((r) => Object.assign(r, { differs: r.a !== r.b }));
}

function line(cells, differs) {
  const tr = document.createElement('tr');
  cells.forEach((c) => tr.appendChild(el('td', c)));
  if (differs) {
    tr.className = 'differs';
    tr.cells[0].appendChild(el('span', ' (differs)', { class: 'differs-note' }));
  }
  return tr;
}
