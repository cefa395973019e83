/**
 * The {@code provenance} tool: where the file says it came from. AI-generation markers as the
 * generators write them (AUTOMATIC1111 {@code parameters}, ComfyUI {@code prompt}/{@code workflow},
 * NovelAI, EXIF UserComment parameters, IPTC digital source type, generator names) and C2PA content
 * credentials (see the {@code c2pa} subpackage).
 */
package dev.loupe.tool.forensic.provenance;
