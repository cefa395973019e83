/**
 * Durable storage under Loupe's LangGraph4j threads: a JDBC checkpoint saver (SQLite by default,
 * PostgreSQL for shared deployments), the table of analysis threads, versioned schema migrations,
 * and a content-addressed store for image and tool artefacts referenced by hash from the state.
 *
 * <p>Entry point: {@link dev.loupe.checkpoint.LoupeStore#open}, given a
 * {@link dev.loupe.checkpoint.StoreLocation} parsed from the {@code --store} value.
 */
package dev.loupe.checkpoint;
