/**
 * What an agent thread said and did, read back from its checkpoints: the conversation export of
 * {@code loupe chat} threads and the step list of {@code loupe run --steps}.
 */
package dev.loupe.conversation;
