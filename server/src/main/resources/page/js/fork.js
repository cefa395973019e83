// Fork: a new thread from a checkpoint of an old one, with another model and/or the text of another
// prompt. The form lists the thread's checkpoints that something runs after.
import { $, json, el, say } from './api.js';

let current = null;
let afterFork = () => {};

export async function openFork(thread, refresh) {
  current = thread;
  afterFork = refresh;
  const history = await json('/v1/threads/' + encodeURIComponent(thread.id) + '/history');
  const from = $('fork-from');
  from.replaceChildren(...history.checkpoints.filter((c) => c.next && c.next !== '__END__' && c.node !== '__START__')
    .map((c) => el('option', 'after ' + c.node + ' (then ' + c.next + ')', { value: c.node })));
  const agent = Array.from(from.options).find((o) => o.value === 'agent');
  if (agent) agent.selected = true;
  $('fork-title').textContent = 'Fork ' + (thread.image && thread.image.name ? thread.image.name : thread.id)
    + ' (' + thread.graph + ', model ' + (thread.model || 'offline') + ')';
  $('fork-box').hidden = false;
  $('fork-model').focus();
}

export async function submitFork(event) {
  event.preventDefault();
  if (!current) return;
  const params = new URLSearchParams({ from: $('fork-from').value });
  if ($('fork-model').value.trim()) params.set('model', $('fork-model').value.trim());
  const prompts = {};
  if ($('fork-prompt').value.trim()) prompts[$('fork-role').value] = $('fork-prompt').value;
  $('fork-submit').disabled = true;
  say('Forking ' + current.id + ' after ' + $('fork-from').value + '…');
  try {
    const result = await json('/v1/threads/' + encodeURIComponent(current.id) + '/fork?' + params,
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ prompts }) });
    const models = result.models ? Object.entries(result.models).map(([k, v]) => k + ' ' + v).join(', ') : '';
    $('fork-result').textContent = 'New thread ' + result.thread_id + ': ' + (result.verdict || result.summary || 'done')
      + (models ? ' (models: ' + models + ')' : '');
    $('fork-result').hidden = false;
    await afterFork();
    say('Forked into ' + result.thread_id + '.');
  } finally {
    $('fork-submit').disabled = false;
  }
}
