package dev.loupe.tool.forensic.pixel;

import java.util.function.Supplier;

/**
 * Views of a pixel source that give up its shortcuts, for the tests that check a shortcut gives what
 * the plain path gives. Neither view has the decoder's samples ({@link PixelSource#lumaUnits()} is null).
 */
public final class WithoutShortcuts {

    private WithoutShortcuts() {
    }

    /** The same pixels as float rows only, so that an operator runs on rows rather than on the decoder's samples. */
    public static PixelSource floatRows(PixelSource source) {
        return new View(source, source::lumaRows);
    }

    /** The same pixels read by whole rows only: {@link LumaReader.RowSource#readsParts()} stays false. */
    public static PixelSource wholeRows(PixelSource source) {
        return new View(source, () -> {
            LumaReader.RowSource rows = source.lumaRows();
            return rows::read;
        });
    }

    private record View(PixelSource source, Supplier<LumaReader.RowSource> rows) implements PixelSource {

        @Override
        public int width() {
            return source.width();
        }

        @Override
        public int height() {
            return source.height();
        }

        @Override
        public LumaReader.RowSource lumaRows() {
            return rows.get();
        }

        @Override
        public RgbRows.Source rgbRows() {
            return source.rgbRows();
        }
    }
}
