#!/usr/bin/env bash
# Rebuilds Loupe's C2PA test fixtures with the reference implementation (c2pa-rs as
# @contentauth/c2pa-wasm, from the npm registry) and a test CA made by openssl, and records the
# reference's validation of each in reference.json. Needs node (20+), npm and openssl.
# The npm packages go to target/c2pa-fixtures (git-ignored); nothing is fetched at run time.
# Usage: evaluation/c2pa-fixtures/make.sh [OUT_DIR]   (default: the test resources)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
out=${1:-$repo/forensics/src/test/resources/dev/loupe/tool/forensic/provenance/c2pa/made}
work=$repo/target/c2pa-fixtures
WASM_VERSION=0.15.0

mkdir -p "$work" "$out"
if [ ! -d "$work/node_modules/@contentauth/c2pa-wasm" ]; then
  (cd "$work" && echo '{"name":"loupe-c2pa-fixtures","private":true,"type":"module"}' > package.json \
    && npm install --no-audit --no-fund "@contentauth/c2pa-wasm@$WASM_VERSION" >/dev/null)
fi
cp "$here/make.mjs" "$here/reference.mjs" "$work/"
rm -rf "$work/ca" && "$here/make-ca.sh" "$work/ca"
# The source picture: 64x48 synthetic pixels carrying a camera's EXIF (Loupe's own test image).
base=$repo/forensics/src/test/resources/dev/loupe/AnalyzeFuzzTestInputs/any_upload_ends_in_a_verdict_or_a_one_line_refusal/camera-exif.jpg
(cd "$work" && node make.mjs "$work/ca" "$base" "$out" >/dev/null)
# Only public certificates leave the work folder: the trust anchor and the root nobody trusts.
cp "$work/ca/root.pem" "$out/test-root.pem"
cp "$work/ca/other-root.pem" "$out/untrusted-root.pem"
echo "fixtures and reference.json written to $out (c2pa-wasm $WASM_VERSION, $(node --version), $(openssl version | cut -d' ' -f1-2))"
# The c2pa-rs project's own fixtures (image/src/test/resources/c2pa), validated with no trust anchor.
c2pars=$repo/image/src/test/resources/c2pa
(cd "$work" && node reference.mjs - "$c2pars"/*.jpg) | node -e '
  const lines = require("fs").readFileSync(0, "utf8").trim().split("\n").map(JSON.parse);
  const results = Object.fromEntries(lines.map(({ file, ...r }) => [file.split("/").pop(), r]));
  console.log(JSON.stringify({ validated_at: new Date().toISOString(), trust_anchor: null, results }, null, 2));
' > "$out/reference-c2pa-rs.json"
echo "c2pa-rs fixtures validated into $out/reference-c2pa-rs.json"
