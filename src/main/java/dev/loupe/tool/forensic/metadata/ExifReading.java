package dev.loupe.tool.forensic.metadata;

import com.drew.lang.GeoLocation;
import com.drew.metadata.Directory;
import com.drew.metadata.Metadata;
import com.drew.metadata.exif.ExifDirectoryBase;
import com.drew.metadata.exif.ExifIFD0Directory;
import com.drew.metadata.exif.ExifSubIFDDirectory;
import com.drew.metadata.exif.GpsDirectory;

/** Picks the {@link ExifFacts} out of metadata-extractor's EXIF directories. */
final class ExifReading {

    private ExifReading() {
    }

    static ExifFacts read(Metadata metadata) {
        ExifIFD0Directory ifd0 = metadata.getFirstDirectoryOfType(ExifIFD0Directory.class);
        ExifSubIFDDirectory sub = metadata.getFirstDirectoryOfType(ExifSubIFDDirectory.class);
        GpsDirectory gps = metadata.getFirstDirectoryOfType(GpsDirectory.class);
        if (ifd0 == null && sub == null && gps == null) {
            return ExifFacts.NONE;
        }
        String lens = string(sub, ExifDirectoryBase.TAG_LENS_MODEL);
        if (lens == null) {
            lens = string(sub, ExifDirectoryBase.TAG_LENS_MAKE);
        }
        GeoLocation location = gps == null ? null : gps.getGeoLocation();
        boolean validLocation = location != null && !location.isZero()
                && Double.isFinite(location.getLatitude()) && Double.isFinite(location.getLongitude());
        String userComment = sub == null ? null : MetadataExtraction.trimmed(sub.getDescription(ExifDirectoryBase.TAG_USER_COMMENT));
        return new ExifFacts(
                string(ifd0, ExifDirectoryBase.TAG_MAKE),
                string(ifd0, ExifDirectoryBase.TAG_MODEL),
                lens,
                string(sub, ExifDirectoryBase.TAG_DATETIME_ORIGINAL),
                string(ifd0, ExifDirectoryBase.TAG_DATETIME),
                string(ifd0, ExifDirectoryBase.TAG_SOFTWARE),
                integer(ifd0, ExifDirectoryBase.TAG_ORIENTATION),
                integer(sub, ExifDirectoryBase.TAG_EXIF_IMAGE_WIDTH),
                integer(sub, ExifDirectoryBase.TAG_EXIF_IMAGE_HEIGHT),
                validLocation ? location.getLatitude() : null,
                validLocation ? location.getLongitude() : null,
                hasMakerNote(metadata, sub),
                userComment);
    }

    private static boolean hasMakerNote(Metadata metadata, ExifSubIFDDirectory sub) {
        if (sub != null && sub.containsTag(ExifDirectoryBase.TAG_MAKERNOTE)) {
            return true;
        }
        for (Directory directory : metadata.getDirectories()) {
            // metadata-extractor decodes known maker notes into their own directories and then
            // drops the raw tag, so a decoded maker-note directory counts as presence too.
            if (directory.getClass().getSimpleName().contains("Makernote")) {
                return true;
            }
        }
        return false;
    }

    private static String string(Directory directory, int tag) {
        return directory == null ? null : MetadataExtraction.trimmed(directory.getString(tag));
    }

    private static Integer integer(Directory directory, int tag) {
        return directory == null ? null : directory.getInteger(tag);
    }
}
