/**
 * A reader for C2PA content credentials embedded in JPEG (APP11, JPEG-XT boxes) and PNG
 * ({@code caBX}): it joins the JUMBF store, walks its boxes, decodes claims and assertions (CBOR),
 * and checks the hard binding (SHA-256 over the file minus the excluded ranges). It does not verify
 * COSE signatures or certificate chains: results say so.
 */
package dev.loupe.tool.forensic.provenance.c2pa;
