/**
 * COSE_Sign1 (RFC 9052) as C2PA uses it for claim signatures: decoding the structure and its
 * headers (algorithm, x5chain, time-stamp tokens, embedded OCSP responses), the to-be-signed
 * bytes, and the signature check with the JDK's own providers.
 */
package dev.loupe.tool.forensic.provenance.c2pa.cose;
