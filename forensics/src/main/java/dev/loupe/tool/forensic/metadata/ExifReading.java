package dev.loupe.tool.forensic.metadata;

import com.drew.lang.GeoLocation;
import com.drew.metadata.Directory;
import com.drew.metadata.Metadata;
import com.drew.metadata.exif.ExifDirectoryBase;
import com.drew.metadata.exif.ExifIFD0Directory;
import com.drew.metadata.exif.ExifSubIFDDirectory;
import com.drew.metadata.exif.GpsDirectory;

import java.util.ArrayList;
import java.util.List;

/** Picks the {@link ExifFacts} out of metadata-extractor's EXIF directories. */
final class ExifReading {

    private ExifReading() {
    }

    static ExifFacts read(Metadata metadata) {
        List<Directory> ifd0 = new ArrayList<>(metadata.getDirectoriesOfType(ExifIFD0Directory.class));
        List<Directory> sub = new ArrayList<>(metadata.getDirectoriesOfType(ExifSubIFDDirectory.class));
        GpsDirectory gps = metadata.getFirstDirectoryOfType(GpsDirectory.class);
        if (ifd0.isEmpty() && sub.isEmpty() && gps == null) {
            return ExifFacts.NONE;
        }
        // Like ExifTool: a tag is taken from the first IFD0 that has it (TIFFs can carry several);
        // camera tags misplaced in the EXIF sub-IFD are used only when no IFD0 has them at all.
        List<Directory> ifd0ThenSub = new ArrayList<>(ifd0);
        ifd0ThenSub.addAll(sub);
        List<Directory> subThenIfd0 = new ArrayList<>(sub);
        subThenIfd0.addAll(ifd0);
        String lens = string(sub, ExifDirectoryBase.TAG_LENS_MODEL);
        if (lens == null) {
            lens = string(sub, ExifDirectoryBase.TAG_LENS_MAKE);
        }
        GeoLocation location = gps == null ? null : gps.getGeoLocation();
        boolean validLocation = location != null && !location.isZero()
                && Double.isFinite(location.getLatitude()) && Double.isFinite(location.getLongitude());
        Directory comments = first(sub, ExifDirectoryBase.TAG_USER_COMMENT);
        String userComment = comments == null ? null
                : MetadataExtraction.trimmed(comments.getDescription(ExifDirectoryBase.TAG_USER_COMMENT));
        Directory orientation = first(ifd0, ExifDirectoryBase.TAG_ORIENTATION);
        return new ExifFacts(
                string(ifd0ThenSub, ExifDirectoryBase.TAG_MAKE),
                string(ifd0ThenSub, ExifDirectoryBase.TAG_MODEL),
                lens,
                string(subThenIfd0, ExifDirectoryBase.TAG_DATETIME_ORIGINAL),
                string(ifd0, ExifDirectoryBase.TAG_DATETIME),
                string(ifd0ThenSub, ExifDirectoryBase.TAG_SOFTWARE),
                orientation == null ? null : orientation.getInteger(ExifDirectoryBase.TAG_ORIENTATION),
                integer(sub, ExifDirectoryBase.TAG_EXIF_IMAGE_WIDTH),
                integer(sub, ExifDirectoryBase.TAG_EXIF_IMAGE_HEIGHT),
                validLocation ? location.getLatitude() : null,
                validLocation ? location.getLongitude() : null,
                hasMakerNote(metadata, sub),
                userComment);
    }

    private static Directory first(List<Directory> directories, int tag) {
        for (Directory directory : directories) {
            if (directory.containsTag(tag)) {
                return directory;
            }
        }
        return null;
    }

    private static boolean hasMakerNote(Metadata metadata, List<Directory> sub) {
        if (first(sub, ExifDirectoryBase.TAG_MAKERNOTE) != null) {
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

    private static String string(List<Directory> directories, int tag) {
        Directory directory = first(directories, tag);
        return directory == null ? null : MetadataExtraction.trimmed(directory.getString(tag));
    }

    private static Integer integer(List<Directory> directories, int tag) {
        Directory directory = first(directories, tag);
        return directory == null ? null : directory.getInteger(tag);
    }
}
