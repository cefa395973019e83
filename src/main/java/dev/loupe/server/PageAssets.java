package dev.loupe.server;

import io.javalin.http.Context;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The examiner's page: three files bundled in the jar under {@code /page/} and served as they are —
 * nothing fetched from elsewhere at run time. The files are public (they hold no data and no
 * secret); every API call the page makes carries the bearer token the examiner typed in.
 */
final class PageAssets {

    /** Served path → bundled file and media type. */
    private static final Map<String, String[]> FILES = Map.of(
            "/", new String[]{"index.html", "text/html; charset=utf-8"},
            "/page.js", new String[]{"page.js", "text/javascript; charset=utf-8"},
            "/page.css", new String[]{"page.css", "text/css; charset=utf-8"});

    /**
     * Only this origin's scripts, styles and connections; images also from blob: URLs, which is how
     * the page shows pictures it fetched with the token.
     */
    private static final String POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; "
            + "img-src 'self' blob:; connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'";

    private final Map<String, byte[]> bytes;

    PageAssets() {
        this.bytes = new HashMap<>();
        FILES.forEach((path, file) -> bytes.put(path, read(file[0])));
    }

    /** The paths the page is served at, which need no token. */
    boolean isPublic(String path) {
        return FILES.containsKey(path);
    }

    Set<String> paths() {
        return FILES.keySet();
    }

    void serve(Context ctx) {
        String path = ctx.path();
        ctx.header("Content-Security-Policy", POLICY);
        ctx.header("X-Content-Type-Options", "nosniff");
        ctx.header("Referrer-Policy", "no-referrer");
        ctx.header("Cache-Control", "no-cache");
        ctx.contentType(FILES.get(path)[1]).result(bytes.get(path));
    }

    private static byte[] read(String file) {
        try (InputStream in = PageAssets.class.getResourceAsStream("/page/" + file)) {
            if (in == null) {
                throw new IllegalStateException("the jar lacks /page/" + file + "; rebuild it");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
