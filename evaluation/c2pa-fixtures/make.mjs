// Makes the C2PA fixtures Loupe's validator is tested on, with the reference implementation:
// c2pa-rs compiled to WebAssembly (@contentauth/c2pa-wasm) builds each manifest (claim,
// assertions, ingredients, hard binding, JUMBF, embedding), Node's crypto signs it with the
// test CA's keys, and the same reference then validates every fixture with the test root as
// its only trust anchor. Its status codes go to reference.json, beside the files.
//
// Usage (from make.sh): node make.mjs CA_DIR BASE_JPEG OUT_DIR
import { readFileSync, writeFileSync, copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createPrivateKey, sign, X509Certificate } from 'node:crypto';
import { initSync, WasmBuilder, WasmReader } from '@contentauth/c2pa-wasm';
import { validate } from './reference.mjs';

const [ca, base, out] = process.argv.slice(2);
mkdirSync(out, { recursive: true });
const require = createRequire(import.meta.url);
initSync({ module: readFileSync(require.resolve('@contentauth/c2pa-wasm/c2pa.wasm')) });

// The reference reads its input through FileReaderSync, a browser API Node lacks: a Blob that
// keeps its bytes lets a synchronous reader hand them over.
class BytesBlob extends Blob {
  constructor(bytes) { super([bytes]); this.bytes = bytes; }
  slice(start = 0, end = this.bytes.length) {
    const at = (i) => (i < 0 ? Math.max(0, this.bytes.length + i) : Math.min(i, this.bytes.length));
    return new BytesBlob(this.bytes.subarray(at(start), at(end)));
  }
}
globalThis.FileReaderSync = class { readAsArrayBuffer(blob) { return Uint8Array.from(blob.bytes).buffer; } };

// --- a minimal CBOR writer: the reference hands over the claim and takes back a COSE_Sign1 ---
const head = (major, n) => {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  if (n < 65536) { const b = Buffer.alloc(3); b[0] = (major << 5) | 25; b.writeUInt16BE(n, 1); return b; }
  const b = Buffer.alloc(5); b[0] = (major << 5) | 26; b.writeUInt32BE(n, 1); return b;
};
const cbor = (v) => {
  if (v === null) return Buffer.from([0xf6]);
  if (typeof v === 'number') return v >= 0 ? head(0, v) : head(1, -1 - v);
  if (typeof v === 'string') { const b = Buffer.from(v, 'utf8'); return Buffer.concat([head(3, b.length), b]); }
  if (v instanceof Uint8Array) return Buffer.concat([head(2, v.length), v]);
  if (Array.isArray(v)) return Buffer.concat([head(4, v.length), ...v.map(cbor)]);
  if (v instanceof Map) return Buffer.concat([head(5, v.size), ...[...v].flatMap(([k, x]) => [cbor(k), cbor(x)])]);
  throw new Error('no CBOR for ' + typeof v);
};
const tagged = (tag, v) => Buffer.concat([head(6, tag), cbor(v)]);

const ALGS = { es256: [-7, 'sha256', 'ieee-p1363'], es384: [-35, 'sha384', 'ieee-p1363'], ps256: [-37, 'sha256'], ed25519: [-8, null] };

/** A signer for the reference: COSE_Sign1 over the claim, x5chain (leaf first) in the protected header. */
function signer(name, alg) {
  const key = createPrivateKey(readFileSync(`${ca}/${name}.key`));
  const pem = readFileSync(`${ca}/${name}-chain.pem`, 'utf8');
  const chain = pem.split(/(?=-----BEGIN CERTIFICATE-----)/).filter((p) => p.includes('BEGIN')).map((p) => new Uint8Array(new X509Certificate(p).raw));
  const [id, hash, dsaEncoding] = ALGS[alg];
  return {
    alg, reserveSize: 4096,
    sign: async (claim) => {
      const protectedHeader = cbor(new Map([[1, id], [33, chain]]));
      const toBeSigned = cbor(['Signature1', protectedHeader, new Uint8Array(0), claim]);
      const options = alg === 'ps256' ? { key, padding: 6 /* RSA_PKCS1_PSS_PADDING */, saltLength: 32 } : { key, dsaEncoding };
      const signature = sign(hash, toBeSigned, options);
      // The reference reserved reserveSize bytes for the signature box before hashing the file:
      // the COSE_Sign1 is padded to exactly that size, as c2pa-rs pads its own.
      const sized = (n) => tagged(18, [protectedHeader, new Map([['pad', new Uint8Array(n)]]), null, signature]);
      let pad = 4096 - sized(0).length;
      while (sized(pad).length > 4096) pad--;
      return new Uint8Array(sized(pad));
    },
  };
}

const IPTC = 'http://cv.iptc.org/newscodes/digitalsourcetype/';
const definition = (title, actions) => ({
  claim_generator_info: [{ name: 'Loupe fixture maker', version: '1' }],
  title, format: 'image/jpeg',
  assertions: [{ label: 'c2pa.actions.v2', data: { actions } }],
});

async function make(file, def, signerDef, source, ingredients = []) {
  // The reference checks its own output after signing and refuses an expired signer; the expired
  // fixture exists to be refused by validators, so that check is off while building.
  const builder = WasmBuilder.fromJson(JSON.stringify(def), JSON.stringify({ verify: { verify_after_sign: false } }));
  for (const [json, bytes] of ingredients) {
    await builder.addIngredientFromBlob(JSON.stringify(json), 'image/jpeg', new BytesBlob(bytes));
  }
  const signed = await builder.sign(signerDef, [], 'image/jpeg', new BytesBlob(new Uint8Array(source)));
  writeFileSync(`${out}/${file}`, signed);
  return Buffer.from(signed);
}

const source = readFileSync(base);
const es256 = signer('signer', 'es256');
const capture = await make('signed-capture.jpg', definition('signed-capture.jpg',
  [{ action: 'c2pa.created', digitalSourceType: IPTC + 'digitalCapture', softwareAgent: { name: 'Loupe Test Camera' } }]), es256, source);
const ai = await make('signed-ai.jpg', definition('signed-ai.jpg',
  [{ action: 'c2pa.created', digitalSourceType: IPTC + 'trainedAlgorithmicMedia', softwareAgent: { name: 'Loupe Test Generator', version: '2.1' } }]), es256, source);
await make('edited-ai.jpg', definition('edited-ai.jpg',
  [{ action: 'c2pa.opened', parameters: { ingredientIds: ['parent'] } }, { action: 'c2pa.color_adjustments', softwareAgent: { name: 'Loupe Test Editor' } }]),
  es256, source, [[{ title: 'signed-ai.jpg', relationship: 'parentOf', instance_id: 'parent', label: 'parent' }, ai]]);
await make('untrusted-root.jpg', definition('untrusted-root.jpg',
  [{ action: 'c2pa.created', digitalSourceType: IPTC + 'digitalCapture' }]), signer('other-signer', 'es256'), source);
await make('expired-signer.jpg', definition('expired-signer.jpg',
  [{ action: 'c2pa.created', digitalSourceType: IPTC + 'digitalCapture' }]), signer('expired', 'es256'), source);
for (const alg of ['es384', 'ps256', 'ed25519']) {
  await make(`signed-${alg}.jpg`, definition(`signed-${alg}.jpg`,
    [{ action: 'c2pa.created', digitalSourceType: IPTC + 'digitalCapture' }]), signer(`signer-${alg}`, alg), source);
}

// Pixels changed after signing: one byte of the entropy-coded data, just before EOI.
const pixels = Buffer.from(capture);
pixels[pixels.length - 10] ^= 0x01;
writeFileSync(`${out}/pixels-changed.jpg`, pixels);

// A changed claim: one character of the claim's title, same length, so every box still parses.
const claimChanged = Buffer.from(capture);
const at = claimChanged.indexOf('signed-capture.jpg', claimChanged.indexOf('c2pa.claim'));
claimChanged.write('S', at);
writeFileSync(`${out}/claim-changed.jpg`, claimChanged);

copyFileSync(base, `${out}/no-manifest.jpg`);

const anchors = readFileSync(`${ca}/root.pem`, 'utf8');
const files = ['signed-capture.jpg', 'signed-ai.jpg', 'edited-ai.jpg', 'pixels-changed.jpg', 'claim-changed.jpg',
  'untrusted-root.jpg', 'expired-signer.jpg', 'signed-es384.jpg', 'signed-ps256.jpg', 'signed-ed25519.jpg', 'no-manifest.jpg'];
const results = {};
for (const f of files) results[f] = await validate(readFileSync(`${out}/${f}`), anchors);
writeFileSync(`${out}/reference.json`, JSON.stringify({ validated_at: new Date().toISOString(), trust_anchor: 'root.pem', results }, null, 2) + '\n');
console.log(JSON.stringify(results, null, 1));
