// Analyse: one image or many. Each file gets a row in the batch list with its own progress (the SSE
// events as they arrive) and, when done, its verdict and a button to look at it; they run one after
// another, so one slot of the server is used and a bad file does not stop the rest.
import { $, api, el, say, button } from './api.js';
import { showResult } from './look.js';

const results = [];

export async function analyseAll(event) {
  event.preventDefault();
  const files = Array.from($('image').files);
  if (files.length === 0) { say('Pick at least one image first.', true); return; }
  $('batch').replaceChildren();
  $('batch-box').hidden = files.length < 2;
  const items = files.map((file, i) => ({ file, index: i, row: batchRow(file, i) }));
  $('analyse-button').disabled = true;
  let failed = 0;
  try {
    for (const item of items) {
      if (!(await analyseOne(item, files.length))) failed++;
    }
  } finally {
    $('analyse-button').disabled = false;
  }
  if (files.length > 1) {
    say('Analysed ' + (files.length - failed) + ' of ' + files.length + ' images' + (failed ? '; ' + failed + ' failed.' : '.'), failed > 0);
  }
}

function batchRow(file, index) {
  const li = el('li', null, { 'data-index': String(index), 'data-state': 'queued' });
  li.appendChild(el('span', file.name, { class: 'name' }));
  li.appendChild(el('span', 'queued', { class: 'state' }));
  const bar = el('progress', null, { max: '1', value: '0', 'aria-label': 'Progress of ' + file.name });
  li.appendChild(bar);
  li.appendChild(el('span', '', { class: 'outcome' }));
  $('batch').appendChild(li);
  return li;
}

function setState(item, state, text) {
  item.row.dataset.state = state;
  item.row.querySelector('.state').textContent = text;
}

async function analyseOne(item, count) {
  const { file } = item;
  const form = new FormData();
  form.append('image', file, file.name);
  $('progress').replaceChildren();
  setState(item, 'running', 'running');
  say('Analysing ' + file.name + (count > 1 ? ' (' + (item.index + 1) + ' of ' + count + ')' : '') + '…');
  let query = '/v1/analyze?stream=true&graph=' + encodeURIComponent($('graph').value);
  if ($('question').value.trim()) query += '&question=' + encodeURIComponent($('question').value.trim());
  let ok = false;
  let steps = 0;
  try {
    const response = await api(query, { method: 'POST', body: form });
    await readEvents(response, (name, data) => {
      if (name === 'final') {
        ok = true;
        finished(item, data.result);
        return;
      }
      if (name === 'error') throw new Error(data.detail);
      steps++;
      // Three nodes and their tool calls: the bar fills as events come, and is full at the end.
      item.row.querySelector('progress').value = Math.min(0.95, steps / (steps + 6));
      logEvent(name, data, file.name, count);
    });
    if (!ok) throw new Error('the stream ended without a result');
  } catch (e) {
    setState(item, 'failed', 'failed');
    item.row.querySelector('.outcome').textContent = e.message;
    say(file.name + ': the analysis failed: ' + e.message, true);
  }
  return ok;
}

function finished(item, result) {
  results[item.index] = result;
  setState(item, 'done', 'done');
  item.row.querySelector('progress').value = 1;
  const outcome = item.row.querySelector('.outcome');
  const verdict = result.verdict || result.summary || '';
  outcome.replaceChildren(el('strong', verdict, { class: result.verdict ? 'verdict-' + result.verdict : '' }));
  if (typeof result.confidence === 'number') outcome.appendChild(document.createTextNode(' ' + result.confidence.toFixed(3)));
  item.row.appendChild(button('Show', 'Show the result of ' + item.file.name, () => showResult(result), { 'data-action': 'show' }));
  showResult(result);
}

function logEvent(name, data, fileName, count) {
  const d = data.detail || {};
  let text = (count > 1 ? fileName + ' · ' : '') + name.replace('_', ' ') + ' · ' + data.node;
  if (d.tool) text += ' · ' + d.tool;
  if (d.status) text += ' (' + d.status + ')';
  if (typeof d.seconds === 'number') text += ' · ' + d.seconds.toFixed(2) + ' s';
  $('progress').appendChild(el('li', text, { 'data-event': name }));
}

// Server-Sent Events over fetch (EventSource cannot send a header or a POST body).
async function readEvents(response, handle) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let name = 'message';
      let data = '';
      block.split('\n').forEach((line) => {
        if (line.startsWith('event: ')) name = line.slice(7);
        if (line.startsWith('data: ')) data += line.slice(6);
      });
      if (data) handle(name, JSON.parse(data));
    }
  }
}
