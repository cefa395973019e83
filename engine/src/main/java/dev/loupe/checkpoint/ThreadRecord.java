package dev.loupe.checkpoint;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

/**
 * One analysis thread as the threads table holds it. Times are kept to the millisecond, the
 * precision the table stores, so a record reads back equal to what was written. The text fields
 * other than {@code id} may be null until known; the JSON fields are JSON documents as text.
 *
 * @param id              the LangGraph4j thread id of the analysis
 * @param fingerprintJson what makes the run reproducible: graph file hash, models, tool versions
 * @param resultJson      the structured result, once the thread is done
 */
public record ThreadRecord(String id, Instant createdAt, Instant updatedAt, ThreadStatus status,
                           String graphName, String imageName, String imageSha256, String verdict,
                           String model, String fingerprintJson, String resultJson) {

    public ThreadRecord {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(status, "status");
        createdAt = Objects.requireNonNull(createdAt, "createdAt").truncatedTo(ChronoUnit.MILLIS);
        updatedAt = Objects.requireNonNull(updatedAt, "updatedAt").truncatedTo(ChronoUnit.MILLIS);
    }

    /** A thread that starts now: running, with no verdict or result yet. */
    public static ThreadRecord started(String id, Instant now, String graphName, String imageName,
                                       String imageSha256, String model, String fingerprintJson) {
        return new ThreadRecord(id, now, now, ThreadStatus.RUNNING, graphName, imageName, imageSha256,
                null, model, fingerprintJson, null);
    }

    /** This record as it ends: the given status, verdict and result, updated at {@code when}. */
    public ThreadRecord finished(ThreadStatus newStatus, String newVerdict, String newResultJson, Instant when) {
        return new ThreadRecord(id, createdAt, when, newStatus, graphName, imageName, imageSha256,
                newVerdict, model, fingerprintJson, newResultJson);
    }
}
