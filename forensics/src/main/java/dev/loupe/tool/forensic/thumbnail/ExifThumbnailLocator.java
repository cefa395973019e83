package dev.loupe.tool.forensic.thumbnail;

import com.drew.imaging.ImageMetadataReader;
import com.drew.imaging.ImageProcessingException;
import com.drew.metadata.Metadata;
import com.drew.metadata.exif.ExifDirectoryBase;
import com.drew.metadata.exif.ExifIFD0Directory;
import com.drew.metadata.exif.ExifThumbnailDirectory;
import dev.loupe.image.ImageFormat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Optional;

/**
 * Finds the EXIF thumbnail in a file's bytes. metadata-extractor gives its offset and length relative
 * to the TIFF header of the EXIF block; this class finds that header itself (the APP1 "Exif" segment
 * of a JPEG, the start of a TIFF file, the EXIF chunk of a WebP or the eXIf chunk of a PNG) and cuts
 * the bytes out, checking every bound against the file: a bogus offset or length means "no thumbnail".
 * An uncompressed thumbnail (TIFF strips, as early cameras wrote) is cut out strip by strip.
 */
final class ExifThumbnailLocator {

    /** Thumbnails are small by definition (EXIF limits the APP1 segment to 64 KB); refuse anything bigger. */
    static final int MAX_THUMBNAIL_BYTES = 1 << 20;

    private ExifThumbnailLocator() {
    }

    /** The thumbnail, or empty with the reason in {@code reason[0]}. */
    static Optional<ExifThumbnail> locate(byte[] file, ImageFormat format, String[] reason) {
        Metadata metadata;
        try {
            metadata = ImageMetadataReader.readMetadata(new ByteArrayInputStream(file), file.length);
        } catch (ImageProcessingException | IOException | RuntimeException e) {
            reason[0] = "no EXIF thumbnail (metadata unreadable: " + e.getMessage() + ")";
            return Optional.empty();
        }
        ExifThumbnailDirectory directory = metadata.getFirstDirectoryOfType(ExifThumbnailDirectory.class);
        ExifIFD0Directory ifd0 = metadata.getFirstDirectoryOfType(ExifIFD0Directory.class);
        Integer orientationTag = ifd0 == null ? null : ifd0.getInteger(ExifIFD0Directory.TAG_ORIENTATION);
        int orientation = orientationTag == null ? 0 : orientationTag;
        if (directory != null && directory.containsTag(ExifDirectoryBase.TAG_STRIP_OFFSETS)
                && Integer.valueOf(1).equals(directory.getInteger(ExifDirectoryBase.TAG_COMPRESSION))) {
            return strips(file, format, directory, orientation, reason);
        }
        if (directory == null || !directory.containsTag(ExifThumbnailDirectory.TAG_THUMBNAIL_OFFSET)
                || !directory.containsTag(ExifThumbnailDirectory.TAG_THUMBNAIL_LENGTH)) {
            reason[0] = "no EXIF thumbnail";
            return Optional.empty();
        }
        Integer offset = directory.getInteger(ExifThumbnailDirectory.TAG_THUMBNAIL_OFFSET);
        Integer length = directory.getInteger(ExifThumbnailDirectory.TAG_THUMBNAIL_LENGTH);
        int tiffStart = TiffHeaderFinder.find(file, format);
        if (offset == null || length == null || tiffStart < 0 || offset < 0 || length <= 0 || length > MAX_THUMBNAIL_BYTES
                || (long) tiffStart + offset + length > file.length) {
            reason[0] = "no EXIF thumbnail (its offset or length points outside the file)";
            return Optional.empty();
        }
        int start = tiffStart + offset;
        if ((file[start] & 255) != 0xFF || (file[start + 1] & 255) != 0xD8) {
            reason[0] = "no EXIF thumbnail (the declared thumbnail is not a JPEG)";
            return Optional.empty();
        }
        byte[] bytes = new byte[length];
        System.arraycopy(file, start, bytes, 0, length);
        return Optional.of(new ExifThumbnail(bytes, start, orientation, null));
    }

    /** An uncompressed thumbnail: its strips, each checked against the file, joined in order. */
    private static Optional<ExifThumbnail> strips(byte[] file, ImageFormat format, ExifThumbnailDirectory directory,
                                                  int orientation, String[] reason) {
        Optional<StripThumbnail> layout = StripThumbnail.of(directory, reason);
        if (layout.isEmpty()) {
            return Optional.empty();
        }
        int[] offsets = ints(directory, ExifDirectoryBase.TAG_STRIP_OFFSETS);
        int[] counts = ints(directory, ExifDirectoryBase.TAG_STRIP_BYTE_COUNTS);
        int tiffStart = TiffHeaderFinder.find(file, format);
        int need = layout.get().byteCount();
        if (offsets == null || counts == null || offsets.length != counts.length || tiffStart < 0 || need > MAX_THUMBNAIL_BYTES) {
            reason[0] = "no EXIF thumbnail (its strips are not described)";
            return Optional.empty();
        }
        byte[] bytes = new byte[need];
        int filled = 0;
        for (int s = 0; s < offsets.length && filled < need; s++) {
            long start = (long) tiffStart + offsets[s];
            if (offsets[s] < 0 || counts[s] < 0 || start + counts[s] > file.length) {
                reason[0] = "no EXIF thumbnail (a strip's offset or length points outside the file)";
                return Optional.empty();
            }
            int take = Math.min(counts[s], need - filled);
            System.arraycopy(file, (int) start, bytes, filled, take);
            filled += take;
        }
        if (filled < need) {
            reason[0] = "no EXIF thumbnail (its strips hold " + filled + " of the " + need + " bytes its size needs)";
            return Optional.empty();
        }
        return Optional.of(new ExifThumbnail(bytes, tiffStart + offsets[0], orientation, layout.get()));
    }

    /** A tag's values; metadata-extractor keeps a single LONG as a number, not an array. */
    private static int[] ints(ExifThumbnailDirectory directory, int tag) {
        int[] values = directory.getIntArray(tag);
        if (values != null) {
            return values;
        }
        Integer single = directory.getInteger(tag);
        return single == null ? null : new int[] {single};
    }
}
