/**
 * Loupe as an HTTP service ({@code loupe serve}): analyses by upload or by path, progress as
 * Server-Sent Events, the thread store, graphs, health, Prometheus metrics and MCP at {@code /mcp} —
 * behind same-origin checks, a bounded pool of analyses, upload and time limits, an optional bearer
 * token, and RFC 9457 problem details in UTF-8 for every error.
 *
 * <p>{@link dev.loupe.server.LoupeServer} puts it together in one block; each concern has its own
 * class: routes ({@code AnalyzeRoute}, {@code Graphs}, {@code ThreadRoutes} with {@code ForkRequest},
 * {@code RunRoutes}, {@code ArtifactRoute}, the examiner page's {@code PageAssets}, {@code McpEndpoint}),
 * limits ({@code AnalysisSlots}, {@code UploadReader} with {@code UploadPolicy}, {@code BearerAuth},
 * {@code SameOrigin} with {@code OriginPolicy}), {@code Metrics}, problems ({@code ProblemType},
 * {@code Problem}, {@code HttpProblem}, {@code ProblemErrorHandler} for Jetty's own refusals,
 * {@code McpProblemResponse} for the MCP transport's), the event stream ({@code EventStream}) and the
 * OpenAPI contract ({@code ApiDocument}, from {@code openapi.yaml} beside it).
 */
package dev.loupe.server;
