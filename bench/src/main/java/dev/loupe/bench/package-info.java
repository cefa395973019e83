/**
 * Benchmarks that print the figures of docs/benchmarks.md (run them from the jar).
 * Speed is measured here, never asserted in tests.
 */
package dev.loupe.bench;
