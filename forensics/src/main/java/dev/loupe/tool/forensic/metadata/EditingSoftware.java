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

    private record Editor(String name, Pattern pattern) {
    }

    private static final List<Editor> EDITORS = List.of(
            editor("Adobe Photoshop", "photoshop"),
            editor("Adobe Lightroom", "lightroom"),
            editor("Adobe Camera Raw", "camera raw"),
            editor("GIMP", "\\bgimp\\b"),
            editor("darktable", "darktable"),
            editor("RawTherapee", "rawtherapee"),
            editor("Affinity Photo", "affinity"),
            editor("Pixelmator", "pixelmator"),
            editor("Snapseed", "snapseed"),
            editor("Windows Photo Gallery", "photo gallery"),
            editor("Microsoft Photos", "microsoft photos|windows photo editor"),
            editor("Paint.NET", "paint\\.net"),
            editor("Paint Shop Pro", "paint ?shop|paintshop"),
            editor("Capture One", "capture ?one"),
            editor("Luminar", "\\bluminar\\b"),
            editor("ACDSee", "acdsee"),
            editor("PhotoScape", "photoscape"),
            editor("Picasa", "picasa"),
            editor("Apple Aperture", "\\baperture\\b"),
            editor("Krita", "\\bkrita\\b"),
            editor("digiKam", "digikam"),
            editor("Shotwell", "shotwell"),
            editor("Photopea", "photopea"),
            editor("Pixlr", "pixlr"),
            editor("Canva", "\\bcanva\\b"),
            editor("Fotor", "\\bfotor\\b"),
            editor("PicsArt", "picsart"),
            editor("Facetune", "facetune"),
            editor("VSCO", "\\bvsco\\b"),
            editor("Polarr", "polarr"),
            editor("DxO PhotoLab", "\\bdxo\\b"),
            editor("ON1 Photo", "\\bon1\\b"),
            editor("Corel", "\\bcorel\\b"),
            editor("XnView", "xnview"),
            editor("IrfanView", "irfanview"),
            editor("FastStone", "faststone"),
            editor("ImageMagick", "imagemagick"),
            editor("GraphicsMagick", "graphicsmagick"),
            editor("Photo Editor", "photo ?editor"));

    private static final Pattern FIRMWARE = Pattern.compile(
            "(?i)^(v(er)?\\.?\\s?\\d[\\w.]*|firmware.*|[\\d.]+|[a-z]?\\d{2,}[a-z0-9_.-]*|hdr\\+.*|.*\\bver\\.?\\s?\\d.*)$");

    private EditingSoftware() {
    }

    private static Editor editor(String name, String regex) {
        return new Editor(name, Pattern.compile(regex, Pattern.CASE_INSENSITIVE));
    }

    /** The editor a Software-like string names, if it names one. */
    public static Optional<String> editorNamedIn(String software) {
        if (software == null || software.isBlank()) {
            return Optional.empty();
        }
        for (Editor editor : EDITORS) {
            if (editor.pattern().matcher(software).find()) {
                return Optional.of(editor.name());
            }
        }
        return Optional.empty();
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
