package dev.loupe.eval.metrics;

import java.util.Arrays;

/** A growable array of doubles: 8 bytes an entry, where a {@code List<Double>} costs about 24. */
final class DoubleList {

    private double[] values = new double[64];
    private int size;

    void add(double value) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size++] = value;
    }

    int size() {
        return size;
    }

    double[] toArray() {
        return Arrays.copyOf(values, size);
    }

    double[] sorted() {
        double[] copy = toArray();
        Arrays.sort(copy);
        return copy;
    }
}
