package dev.loupe.server;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A {@code multipart/form-data} body (RFC 7578) read from bytes already in memory and capped by
 * {@link UploadReader}. Anything that does not parse is a 400 problem saying why; part headers and
 * the number of parts are bounded, so a hostile body cannot make the parser work without end.
 */
final class MultipartForm {

    /** One field of the form. */
    record Part(String name, String filename, byte[] content) {
    }

    private static final int MAX_PARTS = 16;
    private static final int MAX_HEADER_BYTES = 8 * 1024;
    private static final Pattern BOUNDARY = Pattern.compile("(?i)boundary=(\"([^\"]{1,70})\"|([^;\\s]{1,70}))");
    private static final Pattern NAME = Pattern.compile("(?i);\\s*name=\"([^\"]*)\"");
    private static final Pattern FILENAME = Pattern.compile("(?i);\\s*filename=\"([^\"]*)\"");
    private static final byte[] CRLF = {'\r', '\n'};
    private static final byte[] HEADER_END = {'\r', '\n', '\r', '\n'};

    private MultipartForm() {
    }

    /** The boundary a {@code Content-Type: multipart/form-data; boundary=…} header names. */
    static String boundary(String contentType) {
        Matcher matcher = BOUNDARY.matcher(contentType);
        if (!matcher.find()) {
            throw malformed("the Content-Type names no boundary");
        }
        return matcher.group(2) != null ? matcher.group(2) : matcher.group(3);
    }

    /** The form's parts, in order. */
    static List<Part> parse(byte[] body, String boundary) {
        byte[] delimiter = ("--" + boundary).getBytes(StandardCharsets.ISO_8859_1);
        int at = indexOf(body, delimiter, 0);
        if (at < 0) {
            throw malformed("the body holds no boundary line");
        }
        byte[] next = ("\r\n--" + boundary).getBytes(StandardCharsets.ISO_8859_1);
        List<Part> parts = new ArrayList<>();
        int position = at + delimiter.length;
        while (true) {
            if (startsWith(body, position, new byte[] {'-', '-'})) {
                return parts;
            }
            if (!startsWith(body, position, CRLF)) {
                throw malformed("a boundary line is not followed by a line break");
            }
            if (parts.size() == MAX_PARTS) {
                throw malformed("more than " + MAX_PARTS + " parts");
            }
            int headersStart = position + CRLF.length;
            int headersEnd = indexOf(body, HEADER_END, headersStart);
            if (headersEnd < 0 || headersEnd - headersStart > MAX_HEADER_BYTES) {
                throw malformed("a part's headers do not end");
            }
            int contentStart = headersEnd + HEADER_END.length;
            int contentEnd = indexOf(body, next, contentStart);
            if (contentEnd < 0) {
                throw malformed("the body ends inside a part (no closing boundary)");
            }
            String headers = new String(body, headersStart, headersEnd - headersStart, StandardCharsets.UTF_8);
            parts.add(part(headers, Arrays.copyOfRange(body, contentStart, contentEnd)));
            position = contentEnd + next.length;
        }
    }

    /** The part named {@code name}. */
    static Optional<Part> find(List<Part> parts, String name) {
        return parts.stream().filter(part -> name.equals(part.name())).findFirst();
    }

    private static Part part(String headers, byte[] content) {
        String disposition = null;
        for (String line : headers.split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-disposition:")) {
                disposition = line;
            }
        }
        if (disposition == null) {
            throw malformed("a part has no Content-Disposition header");
        }
        Matcher name = NAME.matcher(disposition);
        if (!name.find()) {
            throw malformed("a part's Content-Disposition names no field");
        }
        Matcher filename = FILENAME.matcher(disposition);
        return new Part(name.group(1), filename.find() ? filename.group(1) : null, content);
    }

    private static boolean startsWith(byte[] body, int at, byte[] prefix) {
        if (at + prefix.length > body.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (body[at + i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    /** Plain search: the needle is at most 74 bytes and its first byte is rare in practice ({@code -} or CR). */
    static int indexOf(byte[] haystack, byte[] needle, int from) {
        byte first = needle[0];
        int last = haystack.length - needle.length;
        for (int i = Math.max(0, from); i <= last; i++) {
            if (haystack[i] == first && startsWith(haystack, i, needle)) {
                return i;
            }
        }
        return -1;
    }

    private static HttpProblem malformed(String reason) {
        return HttpProblem.badRequest("malformed multipart body: " + reason);
    }
}
