// The metadata tool's findings as a searchable table (every field, nested ones by their dotted path),
// and the EXIF thumbnail beside the image: the bytes the metadata tool located (file offset and
// length) cut from the analysed file itself, shown only when they are a JPEG.
import { $, el, row, api } from './api.js';

let thumbUrl = null;

export async function showMetadata(result, tools) {
  const metadata = tools.find((t) => t.tool === 'metadata' && t.result && t.result.data);
  const data = metadata ? metadata.result.data : null;
  $('metadata-box').hidden = !data;
  $('metadata').tBodies[0].replaceChildren(...(data ? flatten(data, '') : []).map(([k, v]) => row([k, v])));
  filterMetadata();
  await showThumbnail(result, data);
}

function flatten(value, path) {
  if (value === null || value === undefined) return [[path, '—']];
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== 'object')) return [[path, value.length ? value.join(', ') : '—']];
    return value.flatMap((v, i) => flatten(v, path + '[' + i + ']'));
  }
  if (typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.length === 0) return [[path, '—']];
    return keys.flatMap((k) => flatten(value[k], path ? path + '.' + k : k));
  }
  return [[path, String(value)]];
}

export function filterMetadata() {
  const words = $('metadata-search').value.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const rows = Array.from($('metadata').tBodies[0].rows);
  let shown = 0;
  rows.forEach((tr) => {
    const text = tr.textContent.toLowerCase();
    tr.hidden = !words.every((w) => text.includes(w));
    if (!tr.hidden) shown++;
  });
  $('metadata-count').textContent = shown + ' of ' + rows.length + ' fields';
}

async function showThumbnail(result, data) {
  const figure = $('thumb-figure');
  figure.hidden = true;
  if (thumbUrl) { URL.revokeObjectURL(thumbUrl); thumbUrl = null; }
  const thumb = data && data.thumbnail;
  if (!thumb || !thumb.present || !(thumb.length > 0) || !result.image || !result.image.sha256) return;
  const file = await (await api('/v1/artifacts/' + result.image.sha256)).blob();
  const bytes = file.slice(thumb.offset, thumb.offset + thumb.length, 'image/jpeg');
  const head = new Uint8Array(await bytes.slice(0, 2).arrayBuffer());
  if (head[0] !== 0xFF || head[1] !== 0xD8) {
    $('thumb-note').textContent = 'The EXIF thumbnail the metadata names is not a JPEG at offset ' + thumb.offset + '.';
    return;
  }
  thumbUrl = URL.createObjectURL(bytes);
  const img = $('exif-thumb');
  img.src = thumbUrl;
  await img.decode().catch(() => {});
  $('thumb-caption').textContent = 'EXIF thumbnail, ' + (thumb.width || img.naturalWidth) + '×' + (thumb.height || img.naturalHeight)
    + ', ' + thumb.length + ' bytes at offset ' + thumb.offset;
  figure.hidden = false;
  img.dataset.drawn = 'true';
}
