// The reference validator: c2pa-rs (as @contentauth/c2pa-wasm) reading one file, trusting the
// anchors given (PEM), with trust checks on. Returns the active manifest's status codes, the
// ingredients' codes, and the reference's overall state, or the error it refused the file with.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { initSync, WasmReader } from '@contentauth/c2pa-wasm';

const require = createRequire(import.meta.url);
let ready = false;

export async function validate(bytes, anchorsPem) {
  if (!ready) {
    initSync({ module: readFileSync(require.resolve('@contentauth/c2pa-wasm/c2pa.wasm')) });
    ready = true;
  }
  const context = anchorsPem ? JSON.stringify({ trust: { trust_anchors: anchorsPem }, verify: { verify_trust: true } }) : null;
  try {
    const reader = await WasmReader.fromBytes('image/jpeg', new Uint8Array(bytes), context);
    const store = JSON.parse(reader.json());
    const active = store.validation_results?.activeManifest ?? {};
    const codes = (list) => [...new Set((list ?? []).map((s) => s.code))].sort();
    return {
      state: store.validation_state,
      success: codes(active.success),
      failure: codes(active.failure),
      informational: codes(active.informational),
      ingredients: (store.validation_results?.ingredientDeltas ?? []).map((d) => ({
        uri: d.ingredientAssertionURI,
        failure: codes(d.validationDeltas?.failure),
      })),
    };
  } catch (e) {
    return { error: String(e).slice(0, 200) };
  }
}

// node reference.mjs ANCHORS.pem FILE... prints one JSON line per file
if (import.meta.url === `file://${process.argv[1]}`) {
  const [anchors, ...files] = process.argv.slice(2);
  const pem = anchors && anchors !== '-' ? readFileSync(anchors, 'utf8') : null;
  for (const f of files) console.log(JSON.stringify({ file: f, ...(await validate(readFileSync(f), pem)) }));
}
