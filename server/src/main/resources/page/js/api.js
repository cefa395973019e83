// The page's one door to the server, and its small DOM helpers. The token lives in sessionStorage and
// travels only in the Authorization header; pictures are fetched with it and shown through blob:
// URLs, so no URL ever carries it. Every value from the server is written with textContent.
export const TOKEN_KEY = 'loupe.token';
export const $ = (id) => document.getElementById(id);

let onRefused = () => {};

/** What to do when the server refuses the token (the page signs out). */
export function whenRefused(handler) { onRefused = handler; }

export function say(text, isError) {
  $('status').textContent = text;
  $('status').className = isError ? 'error' : '';
}

function headers(extra) {
  const token = sessionStorage.getItem(TOKEN_KEY);
  const all = Object.assign({}, extra || {});
  if (token) all.Authorization = 'Bearer ' + token;
  return all;
}

export async function api(path, options) {
  const opts = Object.assign({}, options || {});
  opts.headers = headers(opts.headers);
  const response = await fetch(path, opts);
  if (response.status === 401) {
    onRefused('The token was refused; sign in again.');
    throw new Error('unauthorized');
  }
  if (!response.ok) {
    let detail = response.statusText;
    try { detail = (await response.json()).detail || detail; } catch (e) { /* not a problem document */ }
    throw new Error(detail);
  }
  return response;
}

export async function json(path, options) {
  return (await api(path, options)).json();
}

const blobUrls = new Map();

/** A blob: URL for stored bytes (an artefact by SHA-256), fetched once per page. */
export async function blobUrl(path) {
  if (!blobUrls.has(path)) blobUrls.set(path, URL.createObjectURL(await (await api(path)).blob()));
  return blobUrls.get(path);
}

export const artifactUrl = (sha256) => blobUrl('/v1/artifacts/' + sha256);

const toolResults = new Map();

/** A tool's full stored result ({status, findings, data}) by its SHA-256, or null when it cannot be read. */
export async function toolResult(sha256) {
  if (!sha256) return null;
  if (!toolResults.has(sha256)) {
    toolResults.set(sha256, json('/v1/artifacts/' + sha256).catch(() => null));
  }
  return toolResults.get(sha256);
}

export function el(tag, text, attrs) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  Object.entries(attrs || {}).forEach(([k, v]) => node.setAttribute(k, v));
  return node;
}

export function row(cells) {
  const tr = document.createElement('tr');
  cells.forEach((cell) => {
    const td = document.createElement('td');
    if (cell instanceof Node) td.appendChild(cell); else td.textContent = cell === undefined || cell === null ? '' : String(cell);
    tr.appendChild(td);
  });
  return tr;
}

export function button(text, longName, action, attrs) {
  const b = el('button', text, Object.assign({ type: 'button', 'aria-label': longName, title: longName }, attrs || {}));
  b.addEventListener('click', () => Promise.resolve().then(action).catch((e) => say(e.message, true)));
  return b;
}

export const when = (iso) => (iso || '').replace('T', ' ').slice(0, 19);
export const number = (v, digits) => (typeof v === 'number' ? v.toFixed(digits === undefined ? 3 : digits) : v);
