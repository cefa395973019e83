/**
 * Forensic techniques, one package each: every package holds a {@link dev.loupe.tool.Tool} that
 * answers one question about an image (what its metadata says, where it claims to come from, what
 * its JPEG structure or pixels show) with data a model can read and findings a policy can weigh.
 */
package dev.loupe.tool.forensic;
