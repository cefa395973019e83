/**
 * The {@code openai} model provider: any OpenAI-compatible endpoint through langchain4j-open-ai, on
 * Loupe's own HTTP client (Retry-After, redacted request log), with retries, backoff and one-line
 * errors that never carry a secret.
 */
package dev.loupe.model.openai;
