#!/usr/bin/env bash
# One coverage-guided fuzz campaign of one target, e.g.
#   fuzz/run.sh jpeg 600          # ten minutes on the JPEG codec
#   fuzz/run.sh all 300           # every target in turn, five minutes each
# Targets: see TARGETS below (or `fuzz/run.sh list`). The run is niced; run one at a time on a shared
# machine. New corpus entries go to .cifuzz-corpus/ (git-ignored); a crash is written into the
# target's committed inputs folder (MODULE/src/test/resources/<package>/<Class>Inputs/<method>/crash-…), where
# the normal `mvn verify` replays it from then on. The log of each run is kept in fuzz/logs/, and a
# line per run (executions, wall and CPU seconds, findings) is appended to fuzz/campaigns.tsv.
set -euo pipefail
cd "$(dirname "$0")/.."

declare -A TARGETS=(
  [image]='dev.loupe.image.ImageHeaderFuzzTest#any_bytes_are_loaded_or_refused_in_one_line|dev.loupe.**:com.twelvemonkeys.**'
  [jpeg]='dev.loupe.tool.forensic.jpeg.JpegCodecFuzzTest#segments_and_entropy_data_never_escape_the_codec|dev.loupe.**'
  [metadata]='dev.loupe.tool.forensic.metadata.MetadataFuzzTest#exif_xmp_iptc_and_png_text_never_escape_the_metadata_tool|dev.loupe.**:com.drew.**'
  [c2pa-files]='dev.loupe.tool.forensic.provenance.c2pa.C2paFuzzTest#files_never_escape_the_provenance_tool|dev.loupe.**'
  [jumbf]='dev.loupe.tool.forensic.provenance.c2pa.C2paFuzzTest#jumbf_stores_parse_or_are_refused|dev.loupe.**'
  [cbor]='dev.loupe.tool.forensic.provenance.c2pa.C2paFuzzTest#cbor_assertions_never_escape_the_claim_readers|dev.loupe.**:com.fasterxml.jackson.dataformat.cbor.**'
  [cose]='dev.loupe.tool.forensic.provenance.c2pa.C2paFuzzTest#cose_signatures_decode_or_are_refused|dev.loupe.**:com.fasterxml.jackson.dataformat.cbor.**'
  [x509]='dev.loupe.tool.forensic.provenance.c2pa.C2paFuzzTest#certificate_chains_are_checked_or_refused|dev.loupe.**'
  [tst-ocsp]='dev.loupe.tool.forensic.provenance.c2pa.C2paFuzzTest#time_stamps_and_ocsp_responses_never_escape_their_checks|dev.loupe.**:org.bouncycastle.**'
  [c2pa-validator]='dev.loupe.tool.forensic.provenance.c2pa.C2paFuzzTest#signed_files_never_escape_the_validator|dev.loupe.**'
  [multipart]='dev.loupe.server.MultipartFuzzTest#any_form_is_read_or_refused_with_400|dev.loupe.**'
  [tolerant-json]='dev.loupe.structure.ModelReplyFuzzTest#any_reply_is_extracted_or_refused|dev.loupe.**'
  [structuring]='dev.loupe.structure.ModelReplyFuzzTest#any_reply_becomes_a_result_or_a_structuring_error|dev.loupe.**'
  [tool-protocol]='dev.loupe.model.jsonprotocol.ToolProtocolFuzzTest#any_reply_is_tool_uses_text_or_unreadable|dev.loupe.**'
  [graph-file]='dev.loupe.graph.GraphFileFuzzTest#any_graph_file_is_read_or_refused_in_one_line|dev.loupe.**:org.yaml.snakeyaml.**'
  [manifest]='dev.loupe.eval.manifest.ManifestFuzzTest#any_manifest_is_read_or_refused_in_one_line|dev.loupe.**'
  [analyze]='dev.loupe.AnalyzeFuzzTest#any_upload_ends_in_a_verdict_or_a_one_line_refusal|dev.loupe.**'
)
ORDER=(image jpeg metadata c2pa-files jumbf cbor cose x509 tst-ocsp c2pa-validator multipart tolerant-json structuring tool-protocol graph-file manifest analyze)

target=${1:-}
seconds=${2:-300}
if [[ -z "$target" || "$target" == list ]]; then
  printf '%s\n' "${ORDER[@]}"
  exit 0
fi
if [[ "$target" == all ]]; then
  for name in "${ORDER[@]}"; do "$0" "$name" "$seconds" || true; done
  exit 0
fi
spec=${TARGETS[$target]:-}
if [[ -z "$spec" ]]; then
  echo "fuzz/run.sh: unknown target '$target'; one of: ${ORDER[*]} (or all)" >&2
  exit 2
fi
test=${spec%%|*}
includes=${spec#*|}

mkdir -p fuzz/logs
stamp=$(date -u +%Y%m%dT%H%M%SZ)
log=fuzz/logs/$target-$stamp.log
export MAVEN_OPTS=${MAVEN_OPTS:--Xmx512m}
# libFuzzer flags reach Jazzer as JUnit configuration parameters; the first one stands for argv[0].
# JUnit's @Timeout would time the whole campaign (one invocation): libFuzzer's -timeout bounds each input instead.
started=$(date +%s)
JAZZER_FUZZ=1 nice -n 19 /usr/bin/time -f 'cpu_seconds %U %S' -o "$log.time" \
  mvn -B -ntp -o -q test -Dtest="$test" -Dsurefire.failIfNoSpecifiedTests=false \
    -Djazzer.hooks=true -Djazzer.instrumentation_includes="$includes" \
    -Djunit.jupiter.execution.timeout.mode=disabled \
    -DargLine='-Xmx1g -XX:+UseSerialGC' \
    -Djazzer.internal.arg.0=fuzz -Djazzer.internal.arg.1=-max_total_time="$seconds" \
    -Djazzer.internal.arg.2=-print_final_stats=1 -Djazzer.internal.arg.3=-timeout=30 \
  >"$log" 2>&1 && status=0 || status=$?

wall=$(( $(date +%s) - started ))
executions=$(grep -ao 'stat::number_of_executed_units: [0-9]*' "$log" | tail -1 | awk '{print $2}')
cpu=$(awk '/cpu_seconds/ {printf "%.0f", $2 + $3}' "$log.time")
crashes=$(grep -ac '== Java Exception\|FuzzTestFindingException\|ERROR: libFuzzer' "$log" || true)
printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$stamp" "$target" "${executions:-?}" "$wall" "${cpu:-?}" "$crashes" "$status" >> fuzz/campaigns.tsv
echo "$target: ${executions:-?} executions, ${wall}s wall (Maven included, budget ${seconds}s), ${cpu:-?} CPU seconds, findings: $crashes (log: $log)"
