package dev.loupe.tool.forensic.metadata;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.image.LoadedImage;
import dev.loupe.image.LocalImages;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Compares Loupe's metadata reading with ExifTool's, field by field, over the files of an
 * ExifTool JSON dump ({@code exiftool -json -n -r …}, see {@code evaluation/exiftool-agreement.sh}).
 * A field counts on an image when either side has a value; agreement is equal values (GPS within
 * 1e-6 degrees). Prints the agreement per field, overall, and the disagreements.
 */
public final class ExifAgreement {

    private static final List<String> FIELDS =
            List.of("Make", "Model", "DateTimeOriginal", "Software", "Orientation", "ImageSize", "GPSLatitude", "GPSLongitude");

    private ExifAgreement() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: ExifAgreement EXIFTOOL_JSON");
            System.exit(2);
        }
        JsonNode dump = new ObjectMapper().readTree(Path.of(args[0]).toFile());
        Map<String, int[]> counts = new LinkedHashMap<>();
        FIELDS.forEach(f -> counts.put(f, new int[2]));
        List<String> disagreements = new ArrayList<>();
        List<String> refused = new ArrayList<>();
        int images = 0;
        for (JsonNode entry : dump) {
            Optional<LoadedImage> image = LocalImages.load(Path.of(entry.path("SourceFile").asText()));
            if (image.isEmpty()) {
                continue;
            }
            images++;
            String refusal = refusal(entry);
            if (refusal != null) {
                refused.add(entry.path("SourceFile").asText() + "  (" + refusal + ")");
                continue;
            }
            Map<String, String> ours = loupe(image.get());
            for (String field : FIELDS) {
                String theirs = exiftool(entry, field);
                String mine = ours.get(field);
                if (theirs == null && mine == null) {
                    continue;
                }
                boolean agree = field.startsWith("GPS") ? closeEnough(theirs, mine) : Objects.equals(theirs, mine);
                counts.get(field)[0]++;
                if (agree) {
                    counts.get(field)[1]++;
                } else {
                    disagreements.add(entry.path("SourceFile").asText() + "  " + field + ": exiftool=" + theirs + " loupe=" + mine);
                }
            }
        }
        int compared = 0;
        int agreed = 0;
        System.out.printf("%d images, %d compared, %d left out because ExifTool refused them%n",
                images, images - refused.size(), refused.size());
        for (Map.Entry<String, int[]> count : counts.entrySet()) {
            int[] c = count.getValue();
            compared += c[0];
            agreed += c[1];
            System.out.printf("%-17s %5d/%-5d %6.2f%%%n", count.getKey(), c[1], c[0], c[0] == 0 ? 100.0 : 100.0 * c[1] / c[0]);
        }
        System.out.printf("%-17s %5d/%-5d %6.2f%%%n", "overall", agreed, compared, compared == 0 ? 100.0 : 100.0 * agreed / compared);
        disagreements.forEach(d -> System.out.println("DIFF " + d));
        refused.forEach(r -> System.out.println("REFUSED " + r));
    }

    /**
     * Why ExifTool gave no values for a file it could not parse (a truncated or malformed JPEG):
     * there is then no reference to agree with, so the file is listed apart, not counted.
     */
    private static String refusal(JsonNode entry) {
        String error = entry.path("Error").asText(null);
        String warning = entry.path("Warning").asText("");
        if (error != null) {
            return error;
        }
        return warning.contains("format error") ? warning : null;
    }

    private static Map<String, String> loupe(LoadedImage image) {
        ExifFacts exif = MetadataExtraction.read(image.bytes()).exif();
        Map<String, String> values = new LinkedHashMap<>();
        values.put("Make", exif.make());
        values.put("Model", exif.model());
        values.put("DateTimeOriginal", exif.dateTimeOriginal());
        values.put("Software", exif.software());
        values.put("Orientation", exif.orientation() == null ? null : exif.orientation().toString());
        values.put("ImageSize", image.width() > 0 ? image.width() + " " + image.height() : null);
        values.put("GPSLatitude", exif.gpsLatitude() == null ? null : exif.gpsLatitude().toString());
        values.put("GPSLongitude", exif.gpsLongitude() == null ? null : exif.gpsLongitude().toString());
        return values;
    }

    private static String exiftool(JsonNode entry, String field) {
        JsonNode value = entry.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        String text = value.asText().strip();
        if (field.startsWith("GPS") && text.matches("-?0(\\.0*)?")) {
            return null; // Loupe treats 0,0 as no fix, as metadata-extractor does
        }
        return text.isEmpty() ? null : text;
    }

    private static boolean closeEnough(String a, String b) {
        if (a == null || b == null) {
            return false;
        }
        try {
            return Math.abs(Double.parseDouble(a) - Double.parseDouble(b)) < 1e-6;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
