/**
 * Knowledge bases: named collections of passages embedded in-process with MiniLM (no download, no
 * network), kept with the store ({@code --store}) — a folder beside the SQLite database, or tables in
 * PostgreSQL — ingested incrementally from markdown, text, SRT/VTT transcripts and PDF, and searched
 * by cosine similarity. The bundled composition guide is the default collection.
 */
package dev.loupe.kb;
