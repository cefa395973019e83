package dev.loupe.checkpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.core.Conflict;
import dev.loupe.core.LoupeException;
import dev.loupe.core.SafeName;
import org.bsc.langgraph4j.RunnableConfig;

import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * A thread id names one analysis: the image it analysed (by SHA-256), the graph and the configuration
 * fingerprint it ran. This is where that binding is made and checked. A new analysis claims its id
 * atomically in the threads table, so neither a reused id nor two concurrent claims of one id can
 * serve one image's result for another; continuing an existing thread is only a resume of the same
 * image under the same configuration.
 */
public final class ThreadClaim {

    /** Suffixes of the checkpoint threads Loupe derives from an analysis' id; a requested id may not end in them. */
    public static final String FALLBACK_SUFFIX = "_fallback";
    private static final List<String> RESERVED = List.of(ThreadStore.AGENT_SUBGRAPH_SUFFIX, FALLBACK_SUFFIX, "_replay");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonDiff FINGERPRINT_DIFF = new JsonDiff(Set.of());

    private ThreadClaim() {
    }

    /**
     * Checks a thread id a caller asked for: a name by {@link SafeName}'s rule (it names the thread's
     * folder of tool pictures), and not one of the names Loupe gives the checkpoints it derives from an id.
     */
    public static String requested(String id) {
        SafeName.require("thread id", id);
        if (RESERVED.stream().anyMatch(id::endsWith) || id.contains(ThreadStore.AGENT_SUBGRAPH_SUFFIX)
                || id.matches(".*_turn\\d+")) {
            throw LoupeException.badInput("thread id '" + id + "' ends like the checkpoints Loupe derives from an id ("
                    + String.join(", ", RESERVED) + ", _turnN); choose another");
        }
        return id;
    }

    /**
     * Records {@code thread} as started, or refuses when its id is taken: by a thread row, or by
     * checkpoints written under that id without one (an embedder's own run of the compiled graph).
     *
     * @throws LoupeException CONFLICT naming what the id holds and what to do instead
     */
    public static void claim(LoupeStore store, ThreadRecord thread) {
        if (store.threads().findThread(thread.id()).isEmpty()) {
            Predicate<String> hasCheckpoints = t -> store.saver().get(RunnableConfig.builder().threadId(t).build()).isPresent();
            for (String checkpointThread : ThreadStore.checkpointThreadIds(thread.id(), hasCheckpoints)) {
                if (hasCheckpoints.test(checkpointThread)) {
                    throw LoupeException.conflict(Conflict.THREAD_TAKEN, "thread " + thread.id() + " already has checkpoints in the store "
                            + "that no analysis recorded: analyse under a new thread id");
                }
            }
        }
        if (!store.threads().createThread(thread)) {
            ThreadRecord existing = store.threads().findThread(thread.id()).orElse(thread);
            throw LoupeException.conflict(Conflict.THREAD_TAKEN, taken(existing));
        }
    }

    /**
     * Checks that {@code thread} analysed the image with this SHA-256, before its stored result or
     * checkpoints are used for that image.
     *
     * @throws LoupeException CONFLICT when it analysed another image
     */
    public static void requireImage(ThreadRecord thread, String imageSha256) {
        if (thread.imageSha256() == null || !thread.imageSha256().equals(imageSha256)) {
            throw LoupeException.conflict(Conflict.OTHER_IMAGE, taken(thread));
        }
    }

    /**
     * Checks that the conversation {@code thread} is about the image with this SHA-256, before a message
     * about that image is added to it.
     *
     * @throws LoupeException CONFLICT naming the image the conversation is about, and what to do instead
     */
    public static void requireConversationImage(ThreadRecord thread, String imageSha256) {
        if (thread.imageSha256() == null || !thread.imageSha256().equals(imageSha256)) {
            throw LoupeException.conflict(Conflict.OTHER_IMAGE, "conversation " + thread.id() + " is about "
                    + described(thread) + ": send the message without an image or with that one, or start a new conversation");
        }
    }

    /**
     * Checks that {@code thread} ran the configuration {@code fingerprint} describes, before it is
     * continued with it.
     *
     * @throws LoupeException CONFLICT naming what differs, and pointing to a fork instead
     */
    public static void requireConfiguration(ThreadRecord thread, Object fingerprint) {
        JsonNode current = JSON.valueToTree(fingerprint);
        List<String> differences;
        try {
            differences = thread.fingerprintJson() == null ? List.of("(no fingerprint recorded)")
                    : FINGERPRINT_DIFF.differences(JSON.readTree(thread.fingerprintJson()), current);
        } catch (java.io.IOException e) {
            differences = List.of("(the recorded fingerprint is unreadable)");
        }
        if (!differences.isEmpty()) {
            throw LoupeException.conflict(Conflict.OTHER_CONFIGURATION, "thread " + thread.id() + " ran another configuration ("
                    + String.join("; ", differences.subList(0, Math.min(3, differences.size())))
                    + "); continue it with the configuration it started with, or fork it with 'loupe threads fork "
                    + thread.id() + "'");
        }
    }

    /** What a taken id holds, and what to do instead. */
    private static String taken(ThreadRecord existing) {
        return "thread " + existing.id() + " already holds an analysis of " + described(existing)
                + ": analyse under a new thread id, or continue that analysis with 'loupe threads resume "
                + existing.id() + "'";
    }

    /** The image a thread is about, its hash shortened, its graph and status: "photo.jpg (sha256 1a2b…, graph chat, done)". */
    private static String described(ThreadRecord thread) {
        String sha = thread.imageSha256() == null ? "unknown" : thread.imageSha256().substring(0, Math.min(12, thread.imageSha256().length()));
        return (thread.imageName() == null ? "an image" : thread.imageName())
                + " (sha256 " + sha + "…, graph " + thread.graphName() + ", " + thread.status().code() + ")";
    }
}
