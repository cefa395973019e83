// Content credentials (C2PA) as the provenance tool validated them: the state, the signer, the
// generator and the chain of edits from the result's tool details, and every check of every manifest
// (its status code, what it is about, and why) from the tool's full stored result.
import { $, el, row } from './api.js';

export function showCredentials(tools) {
  const provenance = tools.find((t) => t.tool === 'provenance');
  const summary = provenance && provenance.detail.data && provenance.detail.data.c2pa && provenance.detail.data.c2pa.validation;
  $('credentials-box').hidden = !summary;
  if (!summary) return;
  const facts = $('credentials-summary');
  facts.replaceChildren();
  const signer = summary.signer
    ? summary.signer.common_name + (summary.signer.organization ? ' (' + summary.signer.organization + ')' : '')
      + ', issued by ' + summary.signer.issuer + ', ' + summary.signer.algorithm + ', signed ' + summary.signer.signed_at
      + ' (' + summary.signer.time_source + ')'
    : null;
  const chain = (summary.chain_of_edits || []).map((s) => (s.claim_generator || s.manifest) + ' [' + s.state + ']: '
    + (s.actions || []).join(', ')).join(' ← ');
  [['State', summary.state], ['Signer', signer], ['Generator', summary.generator], ['Chain of edits', chain],
    ['Trust anchors from', (summary.trust_anchors_from || []).join(', ') || 'none'], ['Trust file problem', provenance.detail.data.c2pa.trust_error]]
    .filter(([, v]) => v)
    .forEach(([k, v]) => {
      facts.appendChild(el('dt', k));
      facts.appendChild(el('dd', v, k === 'State' ? { class: 'credentials-' + String(v).toLowerCase() } : {}));
    });
  const manifests = provenance.result && provenance.result.data && provenance.result.data.c2pa
    && provenance.result.data.c2pa.validation ? provenance.result.data.c2pa.validation.manifests || [] : [];
  $('credentials').tBodies[0].replaceChildren(...manifests.flatMap((m) => (m.statuses || []).map((s) =>
    row([m.label + (m.active ? ' (active)' : ''), s.code, s.kind, s.explanation]))));
  $('credentials').hidden = manifests.length === 0;
}
