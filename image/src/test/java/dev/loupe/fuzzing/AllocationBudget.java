package dev.loupe.fuzzing;

/**
 * How much a parser may allocate for one input: a fixed allowance plus so much per input byte. A
 * budget linear in the input is what keeps a small hostile file from costing a large allocation
 * (a 300-byte JPEG whose header declares 100 megapixels must not cost 200 MB), while a real image
 * may still be decoded.
 *
 * @param fixedBytes   allocated whatever the input
 * @param perInputByte allowed per byte of input
 */
public record AllocationBudget(long fixedBytes, long perInputByte) {

    private static final long MB = 1L << 20;

    /** {@code fixedMegabytes} MB plus {@code perInputByte} bytes per byte of input. */
    public static AllocationBudget of(long fixedMegabytes, long perInputByte) {
        return new AllocationBudget(fixedMegabytes * MB, perInputByte);
    }

    /** The budget for an input of {@code inputBytes} bytes. */
    public long forInput(long inputBytes) {
        return fixedBytes + perInputByte * inputBytes;
    }

    @Override
    public String toString() {
        return fixedBytes / MB + " MB + " + perInputByte + " per input byte";
    }
}
