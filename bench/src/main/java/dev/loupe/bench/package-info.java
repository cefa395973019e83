/**
 * Benchmarks that print the figures the issues ask for (run them from the jar; see the README).
 * Speed is measured here, never asserted in tests.
 */
package dev.loupe.bench;
