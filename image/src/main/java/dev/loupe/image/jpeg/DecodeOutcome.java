package dev.loupe.image.jpeg;

import java.util.List;

/**
 * How a coefficient decode went.
 *
 * @param decoded       whether coefficients were decoded at all (false for progressive files, say)
 * @param mcusDecoded   MCUs decoded, over all scans
 * @param mcusExpected  MCUs the frame promises, over all scans
 * @param problems      what stopped or disturbed the decode, in plain words
 */
public record DecodeOutcome(boolean decoded, long mcusDecoded, long mcusExpected, List<String> problems) {

    public DecodeOutcome {
        problems = List.copyOf(problems);
    }

    static DecodeOutcome notDecoded(String reason) {
        return new DecodeOutcome(false, 0, 0, List.of(reason));
    }

    /** Whether every MCU of every scan was decoded. */
    public boolean complete() {
        return decoded && mcusDecoded == mcusExpected;
    }
}
