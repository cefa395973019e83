/**
 * C2PA content credentials embedded in JPEG (APP11, JPEG-XT boxes) and PNG ({@code caBX}). The
 * reader joins the JUMBF store, walks its boxes and decodes claims and assertions (CBOR) into
 * records; the validator ({@link dev.loupe.tool.forensic.provenance.c2pa.C2paValidator}) checks
 * each manifest as the specification's validation section orders it — claim signature (the
 * {@code cose} subpackage), signer and trust ({@code trust}), hashed assertions, the hard binding —
 * and reports the specification's status codes.
 */
package dev.loupe.tool.forensic.provenance.c2pa;
