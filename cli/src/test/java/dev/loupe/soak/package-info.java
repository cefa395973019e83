/**
 * The soak and chaos run of the HTTP service ({@link dev.loupe.soak.ServiceSoak}): {@code loupe serve}
 * as a separate process on loopback, a model stub that injects faults, clients that disconnect, a
 * {@code kill -9} and a restart, and the accounting that proves no accepted request was lost. Not part
 * of the test suite: it runs for minutes and is started by hand.
 */
package dev.loupe.soak;
