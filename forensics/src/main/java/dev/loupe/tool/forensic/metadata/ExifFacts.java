package dev.loupe.tool.forensic.metadata;

/**
 * The EXIF fields that bear on where an image came from, as raw values (null when absent).
 *
 * @param make             IFD0 Make
 * @param model            IFD0 Model
 * @param lensModel        LensModel, or LensMake when only that is there
 * @param dateTimeOriginal DateTimeOriginal as written ({@code yyyy:MM:dd HH:mm:ss})
 * @param modifyDate       IFD0 DateTime (ExifTool's ModifyDate), as written
 * @param software         IFD0 Software
 * @param orientation      IFD0 Orientation (1..8)
 * @param exifImageWidth   ExifImageWidth (PixelXDimension)
 * @param exifImageHeight  ExifImageHeight (PixelYDimension)
 * @param gpsLatitude      decimal degrees, south negative
 * @param gpsLongitude     decimal degrees, west negative
 * @param makerNotePresent whether the camera's maker note is there (editors that rewrite EXIF drop it)
 * @param userComment      UserComment decoded as text
 */
public record ExifFacts(String make, String model, String lensModel, String dateTimeOriginal, String modifyDate,
                        String software, Integer orientation, Integer exifImageWidth, Integer exifImageHeight,
                        Double gpsLatitude, Double gpsLongitude, boolean makerNotePresent, String userComment) {

    public static final ExifFacts NONE =
            new ExifFacts(null, null, null, null, null, null, null, null, null, null, null, false, null);

    /** Whether any field at all was found. */
    public boolean isEmpty() {
        return equals(NONE);
    }

    /** Whether the make, the model and the original date are all there. */
    public boolean hasCameraIdentity() {
        return make != null && model != null && dateTimeOriginal != null;
    }
}
