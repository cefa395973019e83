package dev.loupe.tool.forensic.jpeg;

import dev.loupe.image.jpeg.Frame;

/**
 * Where the luminance blocks of a frame lie in the image: how many there are across and down, and
 * how many image pixels one block spans (8, or 16 along an axis where the luminance is subsampled).
 *
 * @param cols        blocks across
 * @param rows        blocks down
 * @param blockWidth  image pixels a block spans horizontally
 * @param blockHeight image pixels a block spans vertically
 * @param imageWidth  the image width, to clip block boxes at the right edge
 * @param imageHeight the image height
 */
public record BlockGeometry(int cols, int rows, int blockWidth, int blockHeight, int imageWidth, int imageHeight) {

    /** The luminance block grid of {@code frame}. */
    public static BlockGeometry of(Frame frame) {
        return new BlockGeometry(frame.blocksAcross(0), frame.blocksDown(0),
                8 * frame.maxH() / frame.components().get(0).h(), 8 * frame.maxV() / frame.components().get(0).v(),
                frame.width(), frame.height());
    }

    /** The grid of {@code cell × cell} groups of these blocks (the last row and column may be partial). */
    public BlockGeometry coarsened(int cell) {
        return cell == 1 ? this : new BlockGeometry((cols + cell - 1) / cell, (rows + cell - 1) / cell, blockWidth * cell,
                blockHeight * cell, imageWidth, imageHeight);
    }

    public int blocks() {
        return cols * rows;
    }

    /** Whether block (row, col) has its top-left pixel inside {@code x, y, width, height}. */
    public boolean inside(int row, int col, int x, int y, int width, int height) {
        int px = col * blockWidth + blockWidth / 2;
        int py = row * blockHeight + blockHeight / 2;
        return px >= x && px < x + width && py >= y && py < y + height;
    }
}
