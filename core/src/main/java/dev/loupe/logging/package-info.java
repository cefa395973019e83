/**
 * Loupe's SLF4J backend for the command line and the service: one line per event on standard
 * error, as text (the default) or as JSON ({@code --log-format json}, {@code LOUPE_LOG_FORMAT=json})
 * with the MDC context and key-value pairs as fields, every line redacted by
 * {@link dev.loupe.core.LogSecrets}. It is registered only in the CLI jar and for tests
 * ({@code src/cli/resources}); the library leaves the backend to the application that embeds it.
 */
package dev.loupe.logging;
