/**
 * {@code web_fetch}: a page from the public web, as text, for graphs that enable it by listing the
 * tool. HTTPS only; every address a host resolves to is checked against {@link AddressPolicy}
 * before any connection, the connection goes to the checked address, every redirect is checked the
 * same way; size, time and content-type limits; main content extracted with jsoup; cached per thread.
 */
package dev.loupe.tool.web;
