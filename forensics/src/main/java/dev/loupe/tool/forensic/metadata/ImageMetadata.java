package dev.loupe.tool.forensic.metadata;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything the file's metadata says, as read once by {@link MetadataExtraction}: the raw values,
 * not yet judged.
 *
 * @param exif           the EXIF fields
 * @param xmp            the XMP facts
 * @param iptc           IPTC-IIM tag names and values
 * @param iccDescription the ICC profile's description, or null
 * @param pngText        PNG text chunks, in file order
 * @param comments       JPEG COM segments (and GIF comments)
 * @param thumbnail      the EXIF thumbnail, when there is one
 * @param directories    the names of the metadata directories found, in order
 * @param errors         what metadata-extractor could not read (broken IFDs, truncated segments)
 * @param contentCredentials whether a C2PA manifest store is embedded (read by the provenance tool)
 */
public record ImageMetadata(ExifFacts exif, XmpFacts xmp, Map<String, String> iptc, String iccDescription,
                            List<TextEntry> pngText, List<String> comments, Optional<Thumbnail> thumbnail,
                            List<String> directories, List<String> errors, boolean contentCredentials) {

    public ImageMetadata {
        iptc = Collections.unmodifiableMap(new LinkedHashMap<>(iptc));
        pngText = List.copyOf(pngText);
        comments = List.copyOf(comments);
        directories = List.copyOf(directories);
        errors = List.copyOf(errors);
    }

    /** The first PNG text entry with this keyword (compared without case). */
    public Optional<String> pngText(String keyword) {
        return pngText.stream().filter(e -> e.keyword().equalsIgnoreCase(keyword)).map(TextEntry::text).findFirst();
    }

    /**
     * Whether the file carries no descriptive metadata at all: no EXIF, XMP, IPTC, text chunks,
     * comments or content credentials. An ICC profile alone does not count: screenshots and
     * re-encodes keep one.
     */
    public boolean isBare() {
        return exif.isEmpty() && xmp.isEmpty() && iptc.isEmpty() && pngText.isEmpty() && comments.isEmpty()
                && !contentCredentials;
    }
}
