// Look: a result as something to see — the summary and evidence, the image with any tool picture over
// it (opacity, zoom, pan), the marks drawn from tool data (copy-move pairs, composition measures,
// detected boxes), the EXIF thumbnail beside the image, the content credentials' checks and the metadata
// as a searchable table.
import { $, el, row, say, artifactUrl, toolResult } from './api.js';
import { drawMarks } from './marks.js';
import { showMetadata } from './metadata.js';
import { showCredentials } from './credentials.js';

const ENVELOPE = new Set(['visual_description', 'raw_text', 'tool_usage', 'tool_details', 'timings', 'token_usage',
  'models', 'cost_usd', 'limit_reached', 'budget_exhausted', 'all_tools_failed', 'truncated', 'thread_id', 'graph',
  'image', 'prompts', 'evidence', 'forensic_summary', 'verdict', 'confidence', 'category', 'p_fake', 'rationale']);

/** What a forensic verdict and category say of the content, in the words of the graph's schema. */
const MEANING = {
  camera_original: 'Real: the content is what a camera captured, in the file as the camera wrote it.',
  processed: 'Real: the content is what a camera captured, processed as a whole (re-encoded, resized, cropped, converted or toned).',
  manipulated: 'Fake: the content was changed locally (spliced, cloned, removed or retouched).',
  ai_generated: 'Fake: the content was generated.',
  unknown: 'Uncertain: the evidence cannot decide whether the content is what a camera captured.',
};

/** The sentence for a verdict and its category, or null when the result is not a forensic verdict. */
export function meaning(verdict, category) {
  if (!verdict || !(category in MEANING)) return null;
  if (verdict === 'uncertain') return MEANING.unknown;
  if (verdict === 'real' && category === 'unknown') return 'Real: the content is what a camera captured; the file\'s history is not known.';
  return MEANING[category];
}

export function showResult(result) {
  $('result').hidden = false;
  say('Done: ' + (result.image && result.image.name ? result.image.name + ', ' : '') + 'thread ' + result.thread_id + '.');
  const summary = $('summary');
  summary.replaceChildren();
  const facts = [['Image', result.image && result.image.name], ['Verdict', result.verdict], ['Confidence', result.confidence],
    ['Category', result.category], ['P(fake)', result.p_fake], ['Graph', result.graph], ['Thread', result.thread_id]];
  facts.filter(([, v]) => v !== undefined && v !== null).forEach(([k, v]) => {
    summary.appendChild(el('dt', k));
    summary.appendChild(el('dd', v, k === 'Verdict' ? { id: 'verdict', class: 'verdict-' + v } : {}));
  });
  const said = meaning(result.verdict, result.category);
  if (said) {
    summary.appendChild(el('dt', 'Meaning'));
    summary.appendChild(el('dd', said, { id: 'meaning' }));
  }
  $('rationale').textContent = result.rationale || '';
  const evidence = (result.evidence || []).slice().sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight));
  $('evidence').hidden = evidence.length === 0;
  $('evidence').tBodies[0].replaceChildren(...evidence.map((e) =>
    row([e.tool, e.finding, (e.weight > 0 ? '+' : '') + Number(e.weight).toFixed(2)])));
  const fields = Object.keys(result).filter((k) => !ENVELOPE.has(k));
  $('fields').hidden = fields.length === 0;
  $('fields').tBodies[0].replaceChildren(...fields.map((k) => row([k, valueNode(result[k])])));
  showPictures(result).catch((e) => say('Could not load the pictures: ' + e.message, true));
}

/** A field's value for reading: lists as lists, objects as "key: value" lines, nothing as a dash. */
function valueNode(value) {
  if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) return el('span', '—');
  if (Array.isArray(value)) {
    const list = el('ul', null, { class: 'values' });
    value.forEach((v) => list.appendChild(el('li', typeof v === 'object' && v !== null ? pairs(v) : v)));
    return list;
  }
  return el('span', typeof value === 'object' ? pairs(value) : value);
}

const pairs = (o) => Object.entries(o).map(([k, v]) => k + ': ' + (typeof v === 'object' && v !== null ? JSON.stringify(v) : v)).join(' · ');

/** Each tool that ran, with its full stored result (null when the store lacks it). */
async function toolData(result) {
  const details = (result.tool_details || []).filter((d) => d.status === 'ok');
  return Promise.all(details.map(async (d) => ({ tool: d.tool, detail: d, result: await toolResult(d.result_sha256) })));
}

async function showPictures(result) {
  const select = $('overlay');
  select.replaceChildren(el('option', 'none', { value: '' }));
  $('overlay-image').removeAttribute('src');
  $('overlay-image').hidden = true;
  delete $('overlay-image').dataset.drawn;
  $('marks').replaceChildren();
  delete $('marks').dataset.drawn;
  const base = $('base');
  if (result.image && result.image.sha256) {
    base.src = await artifactUrl(result.image.sha256);
    base.alt = 'The analysed image' + (result.image.name ? ', ' + result.image.name : '');
    await base.decode().catch(() => {});
    fitZoom();
  }
  // Every picture any tool wrote is an overlay: ELA, noise, copy-move, thumbnail difference, and the
  // heatmaps of tools added later, named by tool and file.
  (result.tool_details || []).forEach((d) => (d.artifacts || []).filter((a) => a.sha256).forEach((a) => {
    const file = (a.path || '').split(/[\\/]/).pop();
    select.appendChild(el('option', d.tool + (file ? ' · ' + file : ''), { value: a.sha256 }));
  }));
  if (select.options.length > 1) {
    // the combined suspicious-region map first, when the graph drew one: it sums up the pixel tools
    const combined = [...select.options].findIndex((o) => o.textContent.startsWith('region_map'));
    select.selectedIndex = combined > 0 ? combined : 1;
    await chooseOverlay();
  }
  const tools = await toolData(result);
  drawMarks(result, tools, base.naturalWidth, base.naturalHeight);
  showCredentials(tools);
  await showMetadata(result, tools);
}

export async function chooseOverlay() {
  const sha = $('overlay').value;
  const overlay = $('overlay-image');
  if (!sha) { overlay.removeAttribute('src'); overlay.hidden = true; return; }
  overlay.src = await artifactUrl(sha);
  overlay.alt = 'Overlay: ' + $('overlay').selectedOptions[0].textContent;
  overlay.hidden = false;
  await overlay.decode().catch(() => {});
  overlay.dataset.drawn = 'true';
  applyOpacity();
}

export function applyOpacity() {
  $('overlay-image').style.opacity = $('opacity').value / 100;
}

/** The zoom (in steps of 10%, at most 100%) at which the whole image fits the viewer's width. */
function fitZoom() {
  const base = $('base');
  const room = $('viewer').clientWidth;
  if (base.naturalWidth && room) {
    $('zoom').value = String(Math.max(10, Math.min(100, Math.floor(room / base.naturalWidth * 10) * 10)));
  }
  applyZoom();
}

export function applyZoom() {
  const zoom = $('zoom').value / 100;
  const base = $('base');
  $('zoom-value').textContent = $('zoom').value + '%';
  if (base.naturalWidth) $('stack').style.width = Math.round(base.naturalWidth * zoom) + 'px';
}

export function toggleMarks() {
  $('marks').hidden = !$('show-marks').checked;
}
