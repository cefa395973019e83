// Loupe's examiner page: plain DOM, no framework. The token lives in sessionStorage and travels only
// in the Authorization header; pictures are fetched with it and shown through blob: URLs, so no URL
// ever carries it. Every value from the server is written with textContent, never as HTML.
'use strict';

const TOKEN_KEY = 'loupe.token';
const ENVELOPE = new Set(['visual_description', 'raw_text', 'tool_usage', 'tool_details', 'timings', 'token_usage',
  'models', 'cost_usd', 'limit_reached', 'budget_exhausted', 'all_tools_failed', 'truncated', 'thread_id', 'graph',
  'image', 'prompts', 'evidence', 'forensic_summary', 'verdict', 'confidence', 'category', 'p_fake', 'rationale']);
const $ = (id) => document.getElementById(id);
const blobUrls = [];

function headers(extra) {
  const token = sessionStorage.getItem(TOKEN_KEY);
  const all = Object.assign({}, extra || {});
  if (token) all.Authorization = 'Bearer ' + token;
  return all;
}

function say(text, isError) {
  $('status').textContent = text;
  $('status').className = isError ? 'error' : '';
}

async function api(path, options) {
  const opts = Object.assign({}, options || {});
  opts.headers = headers(opts.headers);
  const response = await fetch(path, opts);
  if (response.status === 401) {
    signOut('The token was refused; sign in again.');
    throw new Error('unauthorized');
  }
  if (!response.ok) {
    let detail = response.statusText;
    try { detail = (await response.json()).detail || detail; } catch (e) { /* not a problem document */ }
    throw new Error(detail);
  }
  return response;
}

async function json(path, options) {
  return (await api(path, options)).json();
}

function el(tag, text, attrs) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  Object.entries(attrs || {}).forEach(([k, v]) => node.setAttribute(k, v));
  return node;
}

function row(cells) {
  const tr = document.createElement('tr');
  cells.forEach((cell) => tr.appendChild(cell instanceof Node ? wrap(cell) : el('td', cell)));
  return tr;
}

function wrap(node) {
  const td = document.createElement('td');
  td.appendChild(node);
  return td;
}

function showTab(name) {
  ['analyse', 'threads', 'graphs'].forEach((tab) => { $(tab).hidden = tab !== name; });
  document.querySelectorAll('#tabs [data-tab]').forEach((b) => {
    if (b.dataset.tab === name) b.setAttribute('aria-current', 'page'); else b.removeAttribute('aria-current');
  });
  if (name === 'threads') loadThreads().catch((e) => say(e.message, true));
  if (name === 'graphs') loadGraphs().catch((e) => say(e.message, true));
}

async function signIn(token) {
  sessionStorage.setItem(TOKEN_KEY, token);
  try {
    const body = await json('/v1/graphs');
    fillGraphs(body.graphs);
  } catch (e) {
    if (e.message !== 'unauthorized') say('Could not reach the server: ' + e.message, true);
    return;
  }
  $('login').hidden = true;
  $('tabs').hidden = false;
  say('Signed in.');
  showTab('analyse');
}

function signOut(message) {
  sessionStorage.removeItem(TOKEN_KEY);
  ['analyse', 'threads', 'graphs'].forEach((tab) => { $(tab).hidden = true; });
  $('tabs').hidden = true;
  $('login').hidden = false;
  $('token').value = '';
  say(message || 'Signed out.', !!message);
}

function fillGraphs(graphs) {
  const select = $('graph');
  select.replaceChildren();
  graphs.forEach((g) => {
    const option = el('option', g.name + (g.description ? ' — ' + g.description : ''), { value: g.name });
    if (g.default) option.selected = true;
    select.appendChild(option);
  });
}

// Analyse -----------------------------------------------------------------------------------------

async function analyse(event) {
  event.preventDefault();
  const file = $('image').files[0];
  if (!file) { say('Pick an image first.', true); return; }
  const form = new FormData();
  form.append('image', file, file.name);
  $('progress').replaceChildren();
  $('result').hidden = true;
  $('analyse-button').disabled = true;
  say('Analysing ' + file.name + '…');
  try {
    const response = await api('/v1/analyze?stream=true&graph=' + encodeURIComponent($('graph').value),
      { method: 'POST', body: form });
    await readEvents(response, onEvent);
  } catch (e) {
    say('The analysis failed: ' + e.message, true);
  } finally {
    $('analyse-button').disabled = false;
  }
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

function onEvent(name, data) {
  if (name === 'final') { showResult(data.result); return; }
  if (name === 'error') { say('The analysis failed: ' + data.detail, true); return; }
  const d = data.detail || {};
  let text = name.replace('_', ' ') + ' · ' + data.node;
  if (d.tool) text += ' · ' + d.tool;
  if (d.status) text += ' (' + d.status + ')';
  if (typeof d.seconds === 'number') text += ' · ' + d.seconds.toFixed(2) + ' s';
  $('progress').appendChild(el('li', text, { 'data-event': name }));
}

function showResult(result) {
  $('result').hidden = false;
  say('Done: thread ' + result.thread_id + '.');
  const summary = $('summary');
  summary.replaceChildren();
  const facts = [['Verdict', result.verdict], ['Confidence', result.confidence], ['Category', result.category],
    ['P(fake)', result.p_fake], ['Graph', result.graph], ['Thread', result.thread_id]];
  facts.filter(([, v]) => v !== undefined && v !== null).forEach(([k, v]) => {
    summary.appendChild(el('dt', k));
    summary.appendChild(el('dd', v, k === 'Verdict' ? { id: 'verdict', class: 'verdict-' + v } : {}));
  });
  $('rationale').textContent = result.rationale || '';
  const evidence = (result.evidence || []).slice().sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight));
  $('evidence').hidden = evidence.length === 0;
  $('evidence').tBodies[0].replaceChildren(...evidence.map((e) =>
    row([e.tool, e.finding, (e.weight > 0 ? '+' : '') + Number(e.weight).toFixed(2)])));
  const fields = Object.keys(result).filter((k) => !ENVELOPE.has(k));
  $('fields').hidden = fields.length === 0;
  $('fields').tBodies[0].replaceChildren(...fields.map((k) =>
    row([k, typeof result[k] === 'object' ? JSON.stringify(result[k]) : result[k]])));
  showPictures(result).catch((e) => say('Could not load the pictures: ' + e.message, true));
}

// Look --------------------------------------------------------------------------------------------

async function picture(sha256) {
  const blob = await (await api('/v1/artifacts/' + sha256)).blob();
  const url = URL.createObjectURL(blob);
  blobUrls.push(url);
  return url;
}

async function showPictures(result) {
  blobUrls.splice(0).forEach((u) => URL.revokeObjectURL(u));
  const select = $('overlay');
  select.replaceChildren(el('option', 'none', { value: '' }));
  $('overlay-image').removeAttribute('src');
  if (result.image && result.image.sha256) {
    const base = $('base');
    base.src = await picture(result.image.sha256);
    await base.decode().catch(() => {});
    applyZoom();
  }
  (result.tool_details || []).forEach((d) => (d.artifacts || []).filter((a) => a.sha256).forEach((a) => {
    const file = (a.path || '').split(/[\\/]/).pop();
    select.appendChild(el('option', d.tool + (file ? ' · ' + file : ''), { value: a.sha256 }));
  }));
  if (select.options.length > 1) {
    select.selectedIndex = 1;
    await chooseOverlay();
  }
}

async function chooseOverlay() {
  const sha = $('overlay').value;
  const overlay = $('overlay-image');
  if (!sha) { overlay.removeAttribute('src'); overlay.hidden = true; return; }
  overlay.src = await picture(sha);
  overlay.alt = 'Overlay: ' + $('overlay').selectedOptions[0].textContent;
  overlay.hidden = false;
  await overlay.decode().catch(() => {});
  overlay.dataset.drawn = 'true';
  applyOpacity();
}

function applyOpacity() {
  $('overlay-image').style.opacity = $('opacity').value / 100;
}

function applyZoom() {
  const zoom = $('zoom').value / 100;
  const base = $('base');
  $('zoom-value').textContent = $('zoom').value + '%';
  if (base.naturalWidth) $('stack').style.width = Math.round(base.naturalWidth * zoom) + 'px';
}

// Threads -----------------------------------------------------------------------------------------

async function loadThreads() {
  const body = await json('/v1/threads?limit=50');
  $('thread-list').tBodies[0].replaceChildren(...body.threads.map((t) => {
    const actions = document.createElement('div');
    actions.className = 'actions';
    const label = t.image && t.image.name ? t.image.name : t.id;
    [['Timeline', 'Timeline of', () => timeline(t)], ['Replay', 'Replay', () => replay(t)],
      ['Fork', 'Fork after the agent:', () => fork(t)]]
      .forEach(([text, long, action]) => {
        const b = el('button', text, { type: 'button', 'aria-label': long + ' ' + label, title: long + ' ' + label, 'data-action': text.toLowerCase() });
        b.addEventListener('click', () => action().catch((e) => say(e.message, true)));
        actions.appendChild(b);
      });
    return row([label, t.graph, t.verdict || '—', t.status, (t.updated || '').replace('T', ' ').slice(0, 19), actions]);
  }));
  say(body.threads.length + ' threads.');
}

async function timeline(thread) {
  const body = await json('/v1/threads/' + encodeURIComponent(thread.id) + '/history');
  $('thread-detail').hidden = false;
  $('thread-title').textContent = 'Timeline of ' + (thread.image && thread.image.name ? thread.image.name : '') + ' (' + thread.id + ')';
  $('timeline').tBodies[0].replaceChildren(...body.checkpoints.map((c) =>
    row([c.node, (c.time || '').replace('T', ' ').slice(0, 23), (c.tool_calls || []).join(', '), c.total_tokens, c.next || ''])));
  $('replay-report').replaceChildren();
  say(body.checkpoints.length + ' checkpoints.');
}

async function replay(thread) {
  say('Replaying ' + thread.id + '…');
  const report = await json('/v1/threads/' + encodeURIComponent(thread.id) + '/replay', { method: 'POST' });
  const box = $('replay-report');
  box.replaceChildren(el('h4', 'Replay'), el('p', report.identical ? 'Identical: the replay reproduced the stored result.'
    : 'Different: ' + (report.differences || []).length + ' differences.', { id: 'replay-verdict' }));
  (report.differences || []).forEach((d) => box.appendChild(el('pre', JSON.stringify(d))));
  say('Replay finished.');
}

async function fork(thread) {
  say('Forking ' + thread.id + ' after the agent…');
  const result = await json('/v1/threads/' + encodeURIComponent(thread.id) + '/fork?from=agent', { method: 'POST' });
  $('replay-report').replaceChildren(el('h4', 'Fork'),
    el('p', 'New thread ' + result.thread_id + ': ' + (result.verdict || 'done'), { id: 'fork-result' }));
  $('thread-detail').hidden = false;
  await loadThreads();
  say('Forked into ' + result.thread_id + '.');
}

// Graphs ------------------------------------------------------------------------------------------

async function loadGraphs() {
  const body = await json('/v1/graphs');
  $('graph-list').replaceChildren(...body.graphs.map((g) => {
    const box = el('article');
    box.appendChild(el('h3', g.name));
    box.appendChild(el('p', (g.description || '') + (g.tools && g.tools.length ? ' Tools: ' + g.tools.join(', ') + '.' : '')));
    box.appendChild(el('pre', g.mermaid, { class: 'mermaid-text', 'aria-label': 'Mermaid diagram of ' + g.name }));
    return box;
  }));
}

// Wiring ------------------------------------------------------------------------------------------

document.addEventListener('DOMContentLoaded', () => {
  $('login-form').addEventListener('submit', (e) => { e.preventDefault(); signIn($('token').value.trim()); });
  $('logout').addEventListener('click', () => signOut());
  document.querySelectorAll('#tabs [data-tab]').forEach((b) => b.addEventListener('click', () => showTab(b.dataset.tab)));
  $('analyse-form').addEventListener('submit', analyse);
  $('overlay').addEventListener('change', () => chooseOverlay().catch((e) => say(e.message, true)));
  $('opacity').addEventListener('input', applyOpacity);
  $('zoom').addEventListener('input', applyZoom);
  $('refresh-threads').addEventListener('click', () => loadThreads().catch((e) => say(e.message, true)));
  const drop = $('drop');
  drop.addEventListener('dragover', (e) => { e.preventDefault(); drop.classList.add('over'); });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (e) => {
    e.preventDefault();
    drop.classList.remove('over');
    if (e.dataTransfer.files.length) { $('image').files = e.dataTransfer.files; say(e.dataTransfer.files[0].name + ' ready.'); }
  });
  if (sessionStorage.getItem(TOKEN_KEY) !== null) signIn(sessionStorage.getItem(TOKEN_KEY));
});
