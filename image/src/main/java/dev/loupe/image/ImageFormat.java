package dev.loupe.image;

/** The image formats Loupe recognises by their signature bytes, never by the file name. */
public enum ImageFormat {
    JPEG("image/jpeg"),
    PNG("image/png"),
    GIF("image/gif"),
    WEBP("image/webp"),
    TIFF("image/tiff"),
    BMP("image/bmp");

    private final String mimeType;

    ImageFormat(String mimeType) {
        this.mimeType = mimeType;
    }

    public String mimeType() {
        return mimeType;
    }
}
