package dev.loupe.image;

/**
 * A luminance image: row-major values on the 0–255 scale (16-bit sources keep their fraction),
 * possibly box-downscaled from the decoded image by an integer {@code scale}.
 *
 * @param width  columns
 * @param height rows
 * @param values {@code width * height} luminance values, row-major
 * @param scale  how many source pixels one value averages along each axis (1 = full resolution)
 */
public record LumaPlane(int width, int height, float[] values, int scale) {

    public LumaPlane {
        if (width < 0 || height < 0 || values.length != (long) width * height || scale < 1) {
            throw new IllegalArgumentException("inconsistent luminance plane " + width + "x" + height + " scale " + scale);
        }
    }

    public float at(int x, int y) {
        return values[y * width + x];
    }
}
