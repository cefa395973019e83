package dev.loupe.tool.forensic.metadata;

import com.drew.imaging.ImageMetadataReader;
import com.drew.imaging.ImageProcessingException;
import com.drew.lang.KeyValuePair;
import com.drew.metadata.Directory;
import com.drew.metadata.Metadata;
import com.drew.metadata.Tag;
import com.drew.metadata.exif.ExifThumbnailDirectory;
import com.drew.metadata.gif.GifCommentDirectory;
import com.drew.metadata.icc.IccDirectory;
import com.drew.metadata.iptc.IptcDirectory;
import com.drew.metadata.jpeg.JpegCommentDirectory;
import com.drew.metadata.png.PngDirectory;
import dev.loupe.image.Derived;
import dev.loupe.image.LoadedImage;
import dev.loupe.tool.forensic.provenance.c2pa.C2paReader;

import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a file's metadata with metadata-extractor into an {@link ImageMetadata}. Never throws for
 * bad bytes: whatever could not be read is listed in {@link ImageMetadata#errors()}.
 */
public final class MetadataExtraction {

    /** Long texts (ComfyUI workflows run to hundreds of kilobytes) are kept whole up to this size. */
    private static final int MAX_TEXT = 1 << 20;
    private static final int MAX_ENTRIES = 200;

    /**
     * The metadata and provenance tools both read the same image during one analysis; keeping the
     * result on the image lets the second one skip the parse.
     */
    private static final Derived<ImageMetadata> METADATA = Derived.named("image metadata");

    private MetadataExtraction() {
    }

    /** The metadata of an image under analysis, read once per image however many tools ask. */
    public static ImageMetadata of(LoadedImage image) {
        return image.derived(METADATA, () -> read(image.bytes()));
    }

    /** Reads the metadata of a whole image file. */
    public static ImageMetadata read(byte[] file) {
        List<String> errors = new ArrayList<>();
        byte[] safe = PngInflationGuard.sanitize(file, errors);
        Metadata metadata;
        try {
            metadata = ImageMetadataReader.readMetadata(
                    new BufferedInputStream(new ByteArrayInputStream(safe)), safe.length);
        } catch (ImageProcessingException | IOException | RuntimeException e) {
            // metadata-extractor gives up on the whole file only for unknown formats or I/O faults
            // inside a segment it cannot skip; the tool still answers, with the error recorded.
            errors.add("metadata unreadable: " + e.getClass().getSimpleName() + ": " + e.getMessage());
            return new ImageMetadata(ExifFacts.NONE, XmpFacts.NONE, Map.of(), null, List.of(), List.of(),
                    Optional.empty(), List.of(), errors, C2paReader.hasEmbeddedStore(file));
        }
        RawProfileExif.addTo(metadata);
        List<String> directories = new ArrayList<>();
        for (Directory directory : metadata.getDirectories()) {
            directories.add(directory.getName());
            for (String error : directory.getErrors()) {
                if (errors.size() < MAX_ENTRIES) {
                    errors.add(directory.getName() + ": " + error);
                }
            }
        }
        return new ImageMetadata(ExifReading.read(metadata), XmpReading.read(metadata), iptc(metadata),
                iccDescription(metadata), pngText(metadata), comments(metadata), thumbnail(metadata, file),
                directories, errors, C2paReader.hasEmbeddedStore(file));
    }

    private static Map<String, String> iptc(Metadata metadata) {
        Map<String, String> values = new LinkedHashMap<>();
        for (IptcDirectory directory : metadata.getDirectoriesOfType(IptcDirectory.class)) {
            for (Tag tag : directory.getTags()) {
                if (values.size() < MAX_ENTRIES && tag.getDescription() != null) {
                    values.putIfAbsent(tag.getTagName(), clip(tag.getDescription()));
                }
            }
        }
        return values;
    }

    private static String iccDescription(Metadata metadata) {
        IccDirectory icc = metadata.getFirstDirectoryOfType(IccDirectory.class);
        return icc == null ? null : trimmed(icc.getDescription(IccDirectory.TAG_TAG_desc));
    }

    private static List<TextEntry> pngText(Metadata metadata) {
        List<TextEntry> entries = new ArrayList<>();
        for (PngDirectory directory : metadata.getDirectoriesOfType(PngDirectory.class)) {
            if (directory.getObject(PngDirectory.TAG_TEXTUAL_DATA) instanceof List<?> pairs) {
                for (Object pair : pairs) {
                    if (pair instanceof KeyValuePair kv && entries.size() < MAX_ENTRIES) {
                        entries.add(new TextEntry(kv.getKey(), clip(kv.getValue().toString())));
                    }
                }
            }
        }
        return entries;
    }

    private static List<String> comments(Metadata metadata) {
        List<String> comments = new ArrayList<>();
        for (JpegCommentDirectory directory : metadata.getDirectoriesOfType(JpegCommentDirectory.class)) {
            addIfPresent(comments, directory.getString(JpegCommentDirectory.TAG_COMMENT));
        }
        for (GifCommentDirectory directory : metadata.getDirectoriesOfType(GifCommentDirectory.class)) {
            addIfPresent(comments, directory.getString(GifCommentDirectory.TAG_COMMENT));
        }
        return comments;
    }

    private static void addIfPresent(List<String> list, String value) {
        if (value != null && list.size() < MAX_ENTRIES) {
            list.add(clip(value));
        }
    }

    private static Optional<Thumbnail> thumbnail(Metadata metadata, byte[] file) {
        ExifThumbnailDirectory directory = metadata.getFirstDirectoryOfType(ExifThumbnailDirectory.class);
        if (directory == null || !directory.containsTag(ExifThumbnailDirectory.TAG_THUMBNAIL_LENGTH)) {
            return Optional.empty();
        }
        Integer relative = directory.getInteger(ExifThumbnailDirectory.TAG_THUMBNAIL_OFFSET);
        Integer length = directory.getInteger(ExifThumbnailDirectory.TAG_THUMBNAIL_LENGTH);
        if (relative == null || length == null || length <= 0 || relative < 0) {
            return Optional.empty();
        }
        // The tag counts from the TIFF header, which sits inside the APP1 segment of a JPEG.
        int offset = relative + JpegFrameSize.tiffHeaderOffset(file);
        int[] size = JpegFrameSize.of(file, offset, length);
        return Optional.of(new Thumbnail(offset, length, size[0], size[1]));
    }

    static String trimmed(String value) {
        if (value == null) {
            return null;
        }
        String trimmed = value.replace('\0', ' ').strip();
        return trimmed.isEmpty() ? null : clip(trimmed);
    }

    private static String clip(String value) {
        return value.length() <= MAX_TEXT ? value : value.substring(0, MAX_TEXT);
    }
}
