package dev.loupe.image;

import com.drew.imaging.ImageMetadataReader;
import com.drew.metadata.Directory;
import com.drew.metadata.Metadata;
import com.drew.metadata.exif.ExifIFD0Directory;
import com.drew.metadata.exif.ExifSubIFDDirectory;

import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The plain facts a file states about itself — format, size, and the few metadata fields a viewer
 * shows (camera, software, capture time) — as lines a model or a person can read. They travel with
 * the vision request so a model sees what the file says, not only its pixels.
 */
public final class ImageFacts {

    /** The first line of the facts block, by which a rule-based model finds it in a request. */
    public static final String HEADER = "File facts:";

    private ImageFacts() {
    }

    /** The facts as one line: {@link #HEADER}, then the facts, separated by semicolons. */
    public static String text(LoadedImage image) {
        return HEADER + " " + String.join("; ", describe(image)) + ".";
    }

    public static List<String> describe(LoadedImage image) {
        List<String> lines = new ArrayList<>();
        lines.add("file name: " + image.name());
        lines.add("format: " + image.format());
        lines.add("size: " + image.width() + " x " + image.height() + " pixels ("
                + String.format(Locale.ROOT, "%.1f", image.width() * (double) image.height() / 1e6) + " MP)");
        lines.add("file size: " + image.bytes().length + " bytes");
        Metadata metadata = read(image);
        if (metadata == null) {
            lines.add("metadata: unreadable");
            return lines;
        }
        ExifIFD0Directory ifd0 = metadata.getFirstDirectoryOfType(ExifIFD0Directory.class);
        ExifSubIFDDirectory sub = metadata.getFirstDirectoryOfType(ExifSubIFDDirectory.class);
        add(lines, "camera make", ifd0, ExifIFD0Directory.TAG_MAKE);
        add(lines, "camera model", ifd0, ExifIFD0Directory.TAG_MODEL);
        add(lines, "software", ifd0, ExifIFD0Directory.TAG_SOFTWARE);
        add(lines, "captured", sub, ExifSubIFDDirectory.TAG_DATETIME_ORIGINAL);
        List<String> groups = new ArrayList<>();
        for (Directory directory : metadata.getDirectories()) {
            if (directory.getTagCount() > 0 && !groups.contains(directory.getName())) {
                groups.add(directory.getName());
            }
        }
        lines.add("metadata groups: " + (groups.isEmpty() ? "none" : String.join(", ", groups)));
        return lines;
    }

    private static Metadata read(LoadedImage image) {
        try {
            return ImageMetadataReader.readMetadata(new ByteArrayInputStream(image.bytes()), image.bytes().length);
        } catch (Exception | StackOverflowError e) {
            return null;
        }
    }

    private static void add(List<String> lines, String label, Directory directory, int tag) {
        if (directory != null && directory.containsTag(tag)) {
            String value = directory.getString(tag);
            if (value != null && !value.isBlank()) {
                lines.add(label + ": " + value.trim());
            }
        }
    }
}
