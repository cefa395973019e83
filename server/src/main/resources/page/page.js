// Loupe's examiner page: plain DOM and JavaScript modules, no framework, nothing from elsewhere.
// This entry module signs in and out and switches sections; each section is a module of its own.
import { $, TOKEN_KEY, json, el, say, whenRefused } from './js/api.js';
import { analyseAll } from './js/analyse.js';
import { chooseOverlay, applyOpacity, applyZoom, toggleMarks } from './js/look.js';
import { filterMetadata } from './js/metadata.js';
import { loadThreads, render, compareTicked } from './js/threads.js';
import { submitFork } from './js/fork.js';
import { loadRuns } from './js/runs.js';
import { loadGraphs } from './js/graphs.js';

const SECTIONS = ['analyse', 'threads', 'runs', 'graphs'];
const LOADERS = { threads: loadThreads, runs: loadRuns, graphs: loadGraphs };

function showTab(name) {
  SECTIONS.forEach((tab) => { $(tab).hidden = tab !== name; });
  document.querySelectorAll('#tabs [data-tab]').forEach((b) => {
    if (b.dataset.tab === name) b.setAttribute('aria-current', 'page'); else b.removeAttribute('aria-current');
  });
  if (LOADERS[name]) LOADERS[name]().catch((e) => say(e.message, true));
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
  SECTIONS.forEach((tab) => { $(tab).hidden = true; });
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

function wireDrop() {
  const drop = $('drop');
  drop.addEventListener('dragover', (e) => { e.preventDefault(); drop.classList.add('over'); });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (e) => {
    e.preventDefault();
    drop.classList.remove('over');
    if (e.dataTransfer.files.length) {
      $('image').files = e.dataTransfer.files;
      say(e.dataTransfer.files.length + (e.dataTransfer.files.length === 1 ? ' image' : ' images') + ' ready.');
    }
  });
}

function start() {
  whenRefused(signOut);
  const failed = (e) => say(e.message, true);
  $('login-form').addEventListener('submit', (e) => { e.preventDefault(); signIn($('token').value.trim()); });
  $('logout').addEventListener('click', () => signOut());
  document.querySelectorAll('#tabs [data-tab]').forEach((b) => b.addEventListener('click', () => showTab(b.dataset.tab)));
  $('analyse-form').addEventListener('submit', analyseAll);
  $('overlay').addEventListener('change', () => chooseOverlay().catch(failed));
  $('opacity').addEventListener('input', applyOpacity);
  $('zoom').addEventListener('input', applyZoom);
  $('show-marks').addEventListener('change', toggleMarks);
  $('metadata-search').addEventListener('input', filterMetadata);
  $('refresh-threads').addEventListener('click', () => loadThreads().catch(failed));
  ['filter-graph', 'filter-verdict', 'filter-from', 'filter-to'].forEach((id) => $(id).addEventListener('change', render));
  $('compare-button').addEventListener('click', () => compareTicked().catch(failed));
  $('fork-form').addEventListener('submit', (e) => submitFork(e).catch(failed));
  $('fork-cancel').addEventListener('click', () => { $('fork-box').hidden = true; });
  $('refresh-runs').addEventListener('click', () => loadRuns().catch(failed));
  wireDrop();
  if (sessionStorage.getItem(TOKEN_KEY) !== null) signIn(sessionStorage.getItem(TOKEN_KEY));
}

// A module runs after the document is parsed, so the elements exist.
start();
