package dev.loupe.eval.devset;

import dev.loupe.image.jpeg.CameraEncoder;
import dev.loupe.image.jpeg.ExifSegment;

import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.MemoryCacheImageOutputStream;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes manipulated variants of each camera original given and prints one manifest row per variant
 * ({@code path,label,category,source,note,fold}), paths relative to the output folder's parent. Every
 * variant is {@code fake}: none is what the camera wrote. Each original and all its variants are in one
 * cross-validation fold, so no fold is scored on variants of a photo another fold was fitted on.
 * <ul>
 *   <li>{@code recompressed}: re-encoded at quality 75, metadata dropped;</li>
 *   <li>{@code resized}: halved (bicubic), quality 85, metadata dropped;</li>
 *   <li>{@code exif_kept_recompressed}: re-encoded at quality 92 with the camera EXIF put back;</li>
 *   <li>{@code copy_move_exif_kept}: a block copied over another, quality 92, camera EXIF put back.</li>
 * </ul>
 * The careful ones are encoded as the camera would ({@link CameraEncoder}: its quantization tables,
 * its chroma subsampling, its EXIF with the thumbnail, no JFIF), so that metadata and tables agree:
 * <ul>
 *   <li>{@code camera_resave}: decoded and saved again, nothing else. Not a forgery of content, so not
 *       a {@code careful_} one: its own category (evaluation/README.md says why);</li>
 *   <li>{@code careful_splice}: a region of the next original pasted in ({@link Forgeries#splice});</li>
 *   <li>{@code careful_clone}: a region cloned within the picture;</li>
 *   <li>{@code careful_retouch}: a region smoothed and lifted;</li>
 *   <li>{@code careful_resized}: scaled to 80%.</li>
 * </ul>
 * Usage: {@code DerivedImages OUT_DIR ORIGINAL.jpg[=FOLD]…}; an original given without a fold is in
 * fold <i>i</i> mod {@value #FOLDS}. A fold given keeps two originals of one scene together (the two
 * frames of a stereo camera's file).
 */
public final class DerivedImages {

    /** Cross-validation folds. */
    public static final int FOLDS = 5;

    /** An argument naming its fold: {@code FILE=FOLD}. */
    private static final Pattern FOLDED = Pattern.compile("(.+)=(\\d+)");

    private DerivedImages() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: DerivedImages OUT_DIR ORIGINAL.jpg[=FOLD]...");
            System.exit(2);
        }
        Path out = Path.of(args[0]);
        Files.createDirectories(out);
        List<Path> originals = new ArrayList<>();
        List<Integer> folds = new ArrayList<>();
        for (int a = 1; a < args.length; a++) {
            Matcher folded = FOLDED.matcher(args[a]);
            originals.add(Path.of(folded.matches() ? folded.group(1) : args[a]));
            folds.add(folded.matches() ? Integer.parseInt(folded.group(2)) : (a - 1) % FOLDS);
        }
        for (int i = 0; i < originals.size(); i++) {
            Path donor = originals.get((i + 1) % originals.size());
            for (String row : derive(originals.get(i), donor, folds.get(i), out)) {
                System.out.println(row);
            }
        }
    }

    static List<String> derive(Path original, Path donor, int fold, Path out) throws IOException {
        byte[] bytes = Files.readAllBytes(original);
        BufferedImage rgb = Forgeries.copy(read(original));
        byte[] exif = ExifSegment.find(bytes).orElse(null);
        String stem = original.getFileName().toString().replaceAll("\\.[A-Za-z]+$", "").replaceAll("[^A-Za-z0-9._-]+", "_");
        Rows rows = new Rows(out, stem, original.getFileName().toString().replace(",", " "), fold);
        rows.add("recompressed", jpeg(rgb, 0.75f), "re-encoded at quality 75 without metadata");
        rows.add("resized", jpeg(Forgeries.scaled(rgb, 0.5), 0.85f), "halved (bicubic) and encoded at quality 85 without metadata");
        if (exif == null) {
            return rows.list;
        }
        rows.add("exif_kept_recompressed", ExifSegment.insert(jpeg(rgb, 0.92f), exif),
                "re-encoded at quality 92 with the camera EXIF put back");
        rows.add("copy_move_exif_kept", ExifSegment.insert(jpeg(Forgeries.cloned(rgb), 0.92f), exif),
                "a block copied over another at quality 92 with the camera EXIF put back");
        CameraEncoder camera = CameraEncoder.imitating(bytes);
        rows.add("camera_resave", camera.encode(rgb), "saved again with the camera's tables, sampling and EXIF; no pixel changed");
        rows.add("careful_splice", camera.encode(Forgeries.splice(rgb, Forgeries.copy(read(donor)))),
                "a region of " + donor.getFileName().toString().replace(",", " ") + " pasted in; camera tables and EXIF");
        rows.add("careful_clone", camera.encode(Forgeries.cloned(rgb)), "a region cloned; camera tables and EXIF");
        rows.add("careful_retouch", camera.encode(Forgeries.retouched(rgb)), "a region smoothed and lifted; camera tables and EXIF");
        rows.add("careful_resized", camera.encode(Forgeries.scaled(rgb, 0.8)), "scaled to 80%; camera tables and EXIF");
        return rows.list;
    }

    /** The rows written so far for one original. */
    private static final class Rows {
        private final Path out;
        private final String stem;
        private final String source;
        private final int fold;
        private final List<String> list = new ArrayList<>();

        Rows(Path out, String stem, String source, int fold) {
            this.out = out;
            this.stem = stem;
            this.source = source;
            this.fold = fold;
        }

        void add(String category, byte[] data, String note) throws IOException {
            String name = stem + "-" + category.replace('_', '-') + ".jpg";
            Files.write(out.resolve(name), data);
            list.add(String.format(Locale.ROOT, "%s/%s,fake,%s,\"derived from %s\",\"%s\",%d", out.getFileName(), name,
                    category, source, note, fold));
        }
    }

    private static BufferedImage read(Path file) throws IOException {
        BufferedImage image = ImageIO.read(file.toFile());
        if (image == null) {
            throw new IOException(file + ": not a readable image");
        }
        return image;
    }

    private static byte[] jpeg(BufferedImage image, float quality) throws IOException {
        ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (MemoryCacheImageOutputStream stream = new MemoryCacheImageOutputStream(bytes)) {
            writer.setOutput(stream);
            ImageWriteParam param = writer.getDefaultWriteParam();
            param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
            param.setCompressionQuality(quality);
            writer.write(null, new IIOImage(image, null, null), param);
        } finally {
            writer.dispose();
        }
        return bytes.toByteArray();
    }
}
