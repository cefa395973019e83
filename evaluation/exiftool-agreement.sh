#!/usr/bin/env bash
# Compares Loupe's metadata reading with ExifTool's over every image under DIR.
# Usage: evaluation/exiftool-agreement.sh DIR
# Needs exiftool (Debian: apt-get install -y libimage-exiftool-perl) and a built tree (mvn -q compile).
set -euo pipefail
DIR=${1:?usage: evaluation/exiftool-agreement.sh DIR}
cd "$(dirname "$0")/.."
command -v exiftool >/dev/null || { echo "exiftool not found: apt-get install -y libimage-exiftool-perl" >&2; exit 3; }
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
# -n: numbers as numbers (signed decimal GPS, numeric orientation); EXIF group only, so that a
# DateTimeOriginal found only in XMP is not held against the EXIF reading.
exiftool -json -n -r -q -q -ext '*' \
  -EXIF:Make -EXIF:Model -EXIF:DateTimeOriginal -EXIF:Software -EXIF:Orientation \
  -Composite:ImageSize -Composite:GPSLatitude -Composite:GPSLongitude -Warning -Error \
  "$DIR" > "$OUT/exiftool.json" || true
if [[ ! -f cli/target/loupe.jar ]]; then
  mvn -q -B package -DskipTests -pl cli -am >/dev/null
fi
CP=cli/target/loupe.jar
java -cp "$CP" dev.loupe.tool.forensic.metadata.ExifAgreement "$OUT/exiftool.json"
