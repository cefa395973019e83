package dev.loupe.tool.forensic.thumbnail;

import com.drew.imaging.ImageMetadataReader;
import com.drew.imaging.ImageProcessingException;
import com.drew.metadata.Metadata;
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
        ExifIFD0Directory ifd0 = metadata.getFirstDirectoryOfType(ExifIFD0Directory.class);
        Integer orientation = ifd0 == null ? null : ifd0.getInteger(ExifIFD0Directory.TAG_ORIENTATION);
        return Optional.of(new ExifThumbnail(bytes, start, orientation == null ? 0 : orientation));
    }
}
