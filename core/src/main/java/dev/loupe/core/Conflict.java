package dev.loupe.core;

/**
 * Why a thread cannot be used as a request asks: the cause of a {@link LoupeException.Kind#CONFLICT}.
 * The exit code is the same for all; the service gives each its own problem type and title, so a
 * client can tell a taken id from a conversation that is still answering.
 */
public enum Conflict {
    /** The id already names a thread (or checkpoints no analysis recorded). */
    THREAD_TAKEN,
    /** The thread is about another image than the one given. */
    OTHER_IMAGE,
    /** The thread ran another configuration (graph, models, prompts) than the one asked for. */
    OTHER_CONFIGURATION,
    /** The thread is an analysis, and a conversation turn was asked of it. */
    NOT_A_CONVERSATION,
    /** The conversation is still answering an earlier message. */
    CONVERSATION_BUSY
}
