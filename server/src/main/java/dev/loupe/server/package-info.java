/**
 * Loupe as an HTTP service ({@code loupe serve}): analyses by upload or by path, progress as
 * Server-Sent Events, the thread store, graphs, health and Prometheus metrics — behind a bounded
 * pool of analyses, upload and time limits, an optional bearer token, and RFC 9457 problem details
 * for every error.
 *
 * <p>{@link dev.loupe.server.LoupeServer} puts it together in one block; each concern has its own
 * class: routes ({@code AnalyzeRoute}, {@code Graphs}, {@code ThreadRoutes} with {@code ForkRequest},
 * {@code RunRoutes}, {@code ArtifactRoute}, the examiner page's {@code PageAssets}), limits
 * ({@code AnalysisSlots}, {@code UploadReader}, {@code BearerAuth}), {@code Metrics},
 * problems ({@code ProblemType}, {@code Problem}, {@code HttpProblem}), the event stream
 * ({@code EventStream}) and the OpenAPI contract ({@code ApiDocument}, from {@code openapi.yaml}
 * beside it).
 */
package dev.loupe.server;
