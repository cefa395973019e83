package dev.loupe.server;

import io.javalin.http.Context;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The examiner's page: files bundled in the jar under {@code /page/} and served as they are —
 * nothing fetched from elsewhere at run time. {@code /page.js} is the entry module; the modules it
 * imports are served at {@code /js/NAME.js}, only those named in {@link #MODULES}. The files are public (they hold no data and no
 * secret); every API call the page makes carries the bearer token the examiner typed in.
 */
final class PageAssets {

    /** Served path → bundled file and media type. */
    private static final Map<String, String[]> FILES = Map.of(
            "/", new String[]{"index.html", "text/html; charset=utf-8"},
            "/page.js", new String[]{"page.js", "text/javascript; charset=utf-8"},
            "/page.css", new String[]{"page.css", "text/css; charset=utf-8"});

    /** The page's JavaScript modules under {@code /page/js/}, one concern each. */
    static final List<String> MODULES = List.of("api.js", "analyse.js", "look.js", "marks.js", "metadata.js",
            "credentials.js", "threads.js", "fork.js", "compare.js", "runs.js", "graphs.js");
    static final String MODULE_ROUTE = "/js/{file}";
    private static final String MODULE_PREFIX = "/js/";

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
        MODULES.forEach(module -> bytes.put(MODULE_PREFIX + module, read("js/" + module)));
    }

    /**
     * The paths the page is served at, which need no token. Any path under {@code /js/} is one: the
     * module route answers it itself, with a module or a 404 that names no secret.
     */
    boolean isPublic(String path) {
        return FILES.containsKey(path) || path.startsWith(MODULE_PREFIX);
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

    /** {@code GET /js/{file}}: one of the page's modules; 404 for any other name. */
    void serveModule(Context ctx) {
        byte[] module = bytes.get(MODULE_PREFIX + ctx.pathParam("file"));
        if (module == null) {
            throw HttpProblem.notFound("no page module " + ctx.pathParam("file"));
        }
        ctx.header("Content-Security-Policy", POLICY);
        ctx.header("X-Content-Type-Options", "nosniff");
        ctx.header("Cache-Control", "no-cache");
        ctx.contentType("text/javascript; charset=utf-8").result(module);
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
