package dev.loupe.spark;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Spark 3.5 cannot start on Java 23 and later: its Hadoop client asks for the caller's
 * {@code Subject.getSubject}, which those JVMs no longer support. Its tests skip there, saying why,
 * as the page's browser tests do without Chromium; the rest of the suite runs on any Java from 17.
 */
final class SparkOnThisJava {

    /** The first Java whose {@code Subject.getSubject} throws {@code UnsupportedOperationException}. */
    private static final int FIRST_UNSUPPORTED = 23;

    private SparkOnThisJava() {
    }

    static void assumeSparkStarts() {
        int feature = Runtime.version().feature();
        assumeTrue(feature < FIRST_UNSUPPORTED, "Spark 3.5 does not start on Java " + feature
                + " (Hadoop calls Subject.getSubject, unsupported since Java 23): run the Spark tests on Java 17");
    }
}
