package dev.loupe.eval.compare;

/** An item one run got right and the other wrong, with both verdicts and thread ids. */
public record Flip(String id, String path, String expected, String verdictA, String verdictB, String threadA,
                   String threadB) {

    /** True when the second run fixed it, false when it broke it. */
    public boolean improved() {
        return expected.equals(verdictB);
    }
}
