package dev.loupe.tool.forensic.metadata;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Tells an image editor's name from camera firmware in a Software-like string. Only editors named
 * here count as editing: an unknown string is left as unknown rather than guessed at, because
 * cameras write all sorts of firmware labels ("Ver.1.00", "S901EXXU2AVF1", "HDR+ 1.0").
 */
public final class EditingSoftware {

    private static final List<NamedPattern> EDITORS = List.of(
            NamedPattern.of("Adobe Photoshop", "photoshop"),
            NamedPattern.of("Adobe Lightroom", "lightroom"),
            NamedPattern.of("Adobe Camera Raw", "camera raw"),
            NamedPattern.of("GIMP", "\\bgimp\\b"),
            NamedPattern.of("darktable", "darktable"),
            NamedPattern.of("RawTherapee", "rawtherapee"),
            NamedPattern.of("Affinity Photo", "affinity"),
            NamedPattern.of("Pixelmator", "pixelmator"),
            NamedPattern.of("Snapseed", "snapseed"),
            NamedPattern.of("Windows Photo Gallery", "photo gallery"),
            NamedPattern.of("Microsoft Photos", "microsoft photos|windows photo editor"),
            NamedPattern.of("Paint.NET", "paint\\.net"),
            NamedPattern.of("Paint Shop Pro", "paint ?shop|paintshop"),
            NamedPattern.of("Capture One", "capture ?one"),
            NamedPattern.of("Luminar", "\\bluminar\\b"),
            NamedPattern.of("ACDSee", "acdsee"),
            NamedPattern.of("PhotoScape", "photoscape"),
            NamedPattern.of("Picasa", "picasa"),
            NamedPattern.of("Apple Aperture", "\\baperture\\b"),
            NamedPattern.of("Krita", "\\bkrita\\b"),
            NamedPattern.of("digiKam", "digikam"),
            NamedPattern.of("Shotwell", "shotwell"),
            NamedPattern.of("Photopea", "photopea"),
            NamedPattern.of("Pixlr", "pixlr"),
            NamedPattern.of("Canva", "\\bcanva\\b"),
            NamedPattern.of("Fotor", "\\bfotor\\b"),
            NamedPattern.of("PicsArt", "picsart"),
            NamedPattern.of("Facetune", "facetune"),
            NamedPattern.of("VSCO", "\\bvsco\\b"),
            NamedPattern.of("Polarr", "polarr"),
            NamedPattern.of("DxO PhotoLab", "\\bdxo\\b"),
            NamedPattern.of("ON1 Photo", "\\bon1\\b"),
            NamedPattern.of("Corel", "\\bcorel\\b"),
            NamedPattern.of("XnView", "xnview"),
            NamedPattern.of("IrfanView", "irfanview"),
            NamedPattern.of("FastStone", "faststone"),
            NamedPattern.of("ImageMagick", "imagemagick"),
            NamedPattern.of("GraphicsMagick", "graphicsmagick"),
            NamedPattern.of("Photo Editor", "photo ?editor"));

    private static final Pattern FIRMWARE = Pattern.compile(
            "(?i)^(v(er)?\\.?\\s?\\d[\\w.]*|firmware.*|[\\d.]+|[a-z]?\\d{2,}[a-z0-9_.-]*|hdr\\+.*|.*\\bver\\.?\\s?\\d.*)$");

    private EditingSoftware() {
    }

    /** The editor a Software-like string names, if it names one. */
    public static Optional<String> editorNamedIn(String software) {
        return NamedPattern.firstIn(EDITORS, software);
    }

    /**
     * How a Software string reads: {@code editor}, {@code camera_firmware} (a version label, or the
     * camera's own make or model) or {@code unknown}.
     */
    public static String kindOf(String software, String make, String model) {
        if (software == null || software.isBlank()) {
            return "none";
        }
        if (editorNamedIn(software).isPresent()) {
            return "editor";
        }
        // Firmware labels are short; the bound keeps the backtracking pattern cheap on junk.
        String head = software.length() <= 200 ? software : software.substring(0, 200);
        String lower = head.toLowerCase(Locale.ROOT);
        boolean namesCamera = (make != null && !make.isBlank() && lower.contains(firstWord(make)))
                || (model != null && !model.isBlank() && lower.contains(model.toLowerCase(Locale.ROOT)));
        if (namesCamera || FIRMWARE.matcher(head.strip()).matches()) {
            return "camera_firmware";
        }
        return "unknown";
    }

    private static String firstWord(String make) {
        return make.strip().split("\\s+")[0].toLowerCase(Locale.ROOT);
    }
}
