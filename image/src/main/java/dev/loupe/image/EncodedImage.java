package dev.loupe.image;

/**
 * An image ready to send to a model.
 *
 * @param base64    the encoded bytes in base64 (no line breaks, no data: prefix)
 * @param mimeType  the media type of the encoded bytes
 * @param width     the encoded width in pixels
 * @param height    the encoded height in pixels
 * @param byteCount the size of the encoded bytes before base64
 */
public record EncodedImage(String base64, String mimeType, int width, int height, int byteCount) {

    /** The {@code data:} URL form some APIs take. */
    public String dataUrl() {
        return "data:" + mimeType + ";base64," + base64;
    }
}
