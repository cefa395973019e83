/**
 * Who signed a C2PA claim, and whether to believe them: the trust anchors (a shipped list, files
 * an examiner adds), the C2PA certificate profile of a signing certificate, the chain to an anchor
 * at the signing time, RFC 3161 time stamps that fix that time, and OCSP responses the signer
 * embedded. Nothing here reaches the network.
 */
package dev.loupe.tool.forensic.provenance.c2pa.trust;
