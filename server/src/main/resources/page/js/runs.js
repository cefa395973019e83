// Runs: the evaluation runs the server knows (its runs folder), with their headline metrics and their
// report shown in the page. The report is the run's own HTML: parsed, stripped of anything active,
// and shown in a shadow root whose styles are a constructed style sheet, so the page's strict
// Content-Security-Policy stays as it is.
import { $, json, api, el, row, say, button, when } from './api.js';

const HEADLINE = [['accuracy', 'Accuracy'], ['coverage', 'Coverage'], ['fake_slip_rate', 'Fake slip'], ['false_flag_rate', 'False flag'],
  ['exact_match', 'Exact match'], ['errors', 'Errors']];

export async function loadRuns() {
  const body = await json('/v1/runs');
  $('runs-dir').textContent = body.runs_dir ? 'Runs in ' + body.runs_dir + ' (loupe eval writes them there).' : 'This server lists no runs folder.';
  $('run-list').tBodies[0].replaceChildren(...body.runs.map((r) => {
    const metrics = r.metrics || {};
    const figures = HEADLINE.filter(([k]) => metrics[k]).map(([k, label]) => label + ' ' + rate(metrics[k])).join(' · ');
    const action = r.has_report ? button('Report', 'Report of run ' + r.name, () => showReport(r), { 'data-action': 'report' }) : el('span', 'no report');
    const tr = row([r.name, r.graph || '—', r.model || 'as the graph file says',
      (r.items === undefined ? '—' : r.items) + (r.complete === false ? ' (unfinished)' : ''), when(r.started), figures || '—', action]);
    tr.dataset.run = r.name;
    return tr;
  }));
  const count = body.runs.length + (body.runs.length === 1 ? ' run' : ' runs');
  $('run-count').textContent = count;
  say(count + '.');
}

function rate(r) {
  if (typeof r === 'number') return r.toFixed(3);
  if (r.value === null || r.value === undefined) return '–';
  return (100 * r.value).toFixed(1) + '% (' + r.successes + '/' + r.trials + ')';
}

async function showReport(run) {
  const html = await (await api('/v1/runs/' + encodeURIComponent(run.name) + '/report')).text();
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.querySelectorAll('script, iframe, object, embed, link, meta, base, form').forEach((n) => n.remove());
  doc.querySelectorAll('*').forEach((n) => Array.from(n.attributes).forEach((a) => {
    if (a.name.startsWith('on') || /^\s*javascript:/i.test(a.value)) n.removeAttribute(a.name);
  }));
  const host = $('run-report');
  const shadow = host.shadowRoot || host.attachShadow({ mode: 'open' });
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(Array.from(doc.querySelectorAll('style')).map((s) => s.textContent).join('\n'));
  shadow.adoptedStyleSheets = [sheet];
  shadow.replaceChildren(...Array.from(doc.body.childNodes).map((n) => document.importNode(n, true)));
  $('run-report-title').textContent = 'Report of ' + run.name;
  $('run-report-box').hidden = false;
  host.dataset.shown = run.name;
  $('run-report-box').scrollIntoView({ block: 'nearest' });
}
