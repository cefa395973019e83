// Threads: past analyses with filters (graph, verdict, date), each with its timeline, a replay and a
// fork; two ticked threads of the same image are compared side by side.
import { $, json, el, row, say, button, when } from './api.js';
import { openFork } from './fork.js';
import { compare } from './compare.js';

let all = [];

export async function loadThreads() {
  const body = await json('/v1/threads?limit=500');
  all = body.threads;
  const graphs = Array.from(new Set(all.map((t) => t.graph))).sort();
  const select = $('filter-graph');
  const chosen = select.value;
  select.replaceChildren(el('option', 'any graph', { value: '' }), ...graphs.map((g) => el('option', g, { value: g })));
  if (graphs.includes(chosen)) select.value = chosen;
  render();
}

/** The threads the filters let through: graph, verdict (or none), and updated on or between the dates. */
function filtered() {
  const graph = $('filter-graph').value;
  const verdict = $('filter-verdict').value;
  const from = $('filter-from').value;
  const to = $('filter-to').value;
  return all.filter((t) => (!graph || t.graph === graph)
    && (!verdict || (verdict === 'none' ? !t.verdict : t.verdict === verdict))
    && (!from || (t.updated || '').slice(0, 10) >= from)
    && (!to || (t.updated || '').slice(0, 10) <= to));
}

export function render() {
  const shown = filtered();
  $('thread-list').tBodies[0].replaceChildren(...shown.map((t) => {
    const label = t.image && t.image.name ? t.image.name : t.id;
    const pick = el('input', null, { type: 'checkbox', 'data-thread': t.id, 'aria-label': 'Choose ' + label + ' (' + t.graph + ', ' + when(t.updated) + ') for comparison' });
    pick.addEventListener('change', picked);
    const actions = el('div', null, { class: 'actions' });
    actions.append(button('Timeline', 'Timeline of ' + label, () => timeline(t), { 'data-action': 'timeline' }),
      button('Replay', 'Replay ' + label, () => replay(t), { 'data-action': 'replay' }),
      button('Fork', 'Fork ' + label + ' with another model or prompt', () => openFork(t, loadThreads), { 'data-action': 'fork' }));
    const tr = row([pick, label, t.graph, t.verdict || '—', t.status, when(t.updated), actions]);
    tr.dataset.thread = t.id;
    return tr;
  }));
  $('thread-count').textContent = shown.length + ' of ' + all.length + ' threads';
  picked();
}

function picked() {
  const ticked = Array.from(document.querySelectorAll('#thread-list input[type=checkbox]:checked'));
  $('compare-button').disabled = ticked.length !== 2;
  $('compare-hint').textContent = ticked.length === 2 ? 'Ready to compare.' : 'Tick two threads of the same image to compare them (' + ticked.length + ' ticked).';
}

export function compareTicked() {
  const ids = Array.from(document.querySelectorAll('#thread-list input[type=checkbox]:checked')).map((c) => c.dataset.thread);
  const [a, b] = ids.map((id) => all.find((t) => t.id === id));
  return compare(a, b);
}

async function timeline(thread) {
  const body = await json('/v1/threads/' + encodeURIComponent(thread.id) + '/history');
  $('thread-detail').hidden = false;
  $('thread-title').textContent = 'Timeline of ' + (thread.image && thread.image.name ? thread.image.name : '') + ' (' + thread.id + ')';
  $('timeline').tBodies[0].replaceChildren(...body.checkpoints.map((c) =>
    row([c.node, (c.time || '').replace('T', ' ').slice(0, 23), (c.tool_calls || []).join(', '), c.total_tokens, c.next || ''])));
  $('replay-report').replaceChildren();
  say(body.checkpoints.length + ' checkpoints.');
  $('thread-detail').scrollIntoView({ block: 'nearest' });
}

async function replay(thread) {
  say('Replaying ' + thread.id + '…');
  const report = await json('/v1/threads/' + encodeURIComponent(thread.id) + '/replay', { method: 'POST' });
  $('thread-detail').hidden = false;
  const box = $('replay-report');
  box.replaceChildren(el('h4', 'Replay'), el('p', report.identical ? 'Identical: the replay reproduced the stored result.'
    : 'Different: ' + (report.differences || []).length + ' differences.', { id: 'replay-verdict' }));
  (report.differences || []).forEach((d) => box.appendChild(el('pre', JSON.stringify(d))));
  say('Replay finished.');
}
