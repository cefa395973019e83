package dev.loupe.tool.web;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loupe.testing.TestImages;
import dev.loupe.tool.RetryableToolException;
import dev.loupe.tool.ToolContext;
import dev.loupe.tool.ToolResult;
import dev.loupe.tool.ToolStatus;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code web_fetch} refuses every address that is not public — by name, by literal, in every IPv6
 * disguise, and behind a redirect — before any connection; and fetches from a local HTTPS site that
 * the test declares public through the injectable resolver and policy. No traffic leaves loopback.
 */
class WebFetchSsrfTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The "public" site lives on a loopback address of its own, which only these tests declare public. */
    private static final String SITE_ADDRESS = "127.0.0.2";

    @TempDir
    static Path dir;

    static LocalHttpsSite site;
    static ServerSocket guard;
    static final AtomicInteger guardConnections = new AtomicInteger();
    static final List<String> lookups = new CopyOnWriteArrayList<>();
    static WebFetchTool tool;

    static final Map<String, String[]> DNS = Map.of(
            LocalHttpsSite.HOST, new String[] {SITE_ADDRESS},
            "intranet.example", new String[] {"10.1.2.3"},
            "loopback.example", new String[] {"127.0.0.1"},
            "split.example", new String[] {SITE_ADDRESS, "192.168.0.10"},
            "metadata.example", new String[] {"169.254.169.254"});

    @BeforeAll
    static void start() throws Exception {
        site = new LocalHttpsSite(dir, InetAddress.getByName(SITE_ADDRESS));
        guard = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"));
        Thread acceptor = new Thread(() -> {
            while (!guard.isClosed()) {
                try (var ignored = guard.accept()) {
                    guardConnections.incrementAndGet();
                } catch (Exception e) {
                    return;
                }
            }
        });
        acceptor.setDaemon(true);
        acceptor.start();
        HostResolver table = host -> {
            lookups.add(host);
            String[] addresses = DNS.get(host);
            if (addresses == null) {
                throw new UnknownHostException(host);
            }
            InetAddress[] resolved = new InetAddress[addresses.length];
            for (int i = 0; i < addresses.length; i++) {
                resolved[i] = InetAddress.getByName(addresses[i]);
            }
            return resolved;
        };
        AddressPolicy policy = AddressPolicy.publicOnly().declaringPublic(Set.of(InetAddress.getByName(SITE_ADDRESS)));
        tool = new WebFetchTool(table, policy, site.clientTls, new FetchLimits(4096, Duration.ofSeconds(10), 5));
        site.page("/article", "text/html; charset=utf-8", """
                <html><head><title>Harbour at dawn</title><script>var tracking = 1;</script><style>p{}</style></head>
                <body><nav>Home | News | Contact</nav><header>Site banner</header>
                <main><h1>Harbour at dawn</h1><p>The photograph was taken on 3 May.</p><p>Credit: A. Photographer.</p></main>
                <aside>Related stories</aside><footer>Copyright</footer></body></html>""");
        site.page("/plain", "text/plain", "just text");
        site.page("/picture", "image/png", "not really a png");
        site.page("/big", "text/plain", "x".repeat(10_000));
        site.redirect("/to-loopback", "https://127.0.0.1:" + guard.getLocalPort() + "/secret");
        site.redirect("/to-http", "http://" + LocalHttpsSite.HOST + ":" + site.port() + "/plain");
        site.redirect("/to-article", "/article");
        for (int i = 0; i < 7; i++) {
            site.redirect("/hop" + i, "/hop" + (i + 1));
        }
    }

    @AfterAll
    static void stop() throws Exception {
        site.close();
        guard.close();
        tool.close();
    }

    /** Each refused class at the resolver: the lookup fails, so the client has no address to connect to. */
    @ParameterizedTest(name = "{0} is refused: {1}")
    @CsvSource(delimiter = '|', value = {
            "127.0.0.1          | a loopback address",
            "127.8.9.10         | a loopback address",
            "::1                | a loopback address",
            "10.1.2.3           | a private address",
            "172.16.5.4         | a private address",
            "172.31.255.255     | a private address",
            "192.168.1.1        | a private address",
            "fd12:3456::1       | a private (unique-local) address",
            "169.254.10.20      | a link-local address",
            "fe80::1            | a link-local address",
            "100.64.0.1         | a carrier-grade NAT address",
            "100.127.255.254    | a carrier-grade NAT address",
            "224.0.0.251        | a multicast address",
            "ff02::1            | a multicast address",
            "0.0.0.0            | the unspecified address",
            "::                 | the unspecified address",
            "255.255.255.255    | the broadcast address",
            "240.0.0.1          | a reserved address",
            "::ffff:10.0.0.1    | a private address",
            "::ffff:127.0.0.1   | a loopback address",
            "::ffff:169.254.169.254 | a cloud metadata address",
            "64:ff9b::a00:1     | an IPv6 form of 10.0.0.1, a private address",
            "64:ff9b::7f00:1    | an IPv6 form of 127.0.0.1, a loopback address",
            "64:ff9b::a9fe:a9fe | an IPv6 form of 169.254.169.254, a cloud metadata address",
            "2002:c0a8:101::1   | an IPv6 form of 192.168.1.1, a private address",
            "169.254.169.254    | a cloud metadata address",
            "fd00:ec2::254      | a cloud metadata address",
    })
    void every_non_public_address_is_refused_at_resolution(String address, String reason) throws Exception {
        AddressPolicy policy = AddressPolicy.publicOnly();
        assertEquals(reason, policy.refusal(InetAddress.getByName(address)).orElse("allowed"));
        CheckedDnsResolver resolver = new CheckedDnsResolver(host -> new InetAddress[] {InetAddress.getByName(address)}, policy);
        RefusedAddressException refused = assertThrows(RefusedAddressException.class, () -> resolver.resolve("host.example"));
        assertTrue(refused.getMessage().startsWith("host.example resolves to "), refused.getMessage());
        assertTrue(refused.getMessage().contains(reason), refused.getMessage());
    }

    @ParameterizedTest(name = "{0} is allowed")
    @CsvSource({"93.184.215.14", "8.8.8.8", "100.128.0.1", "172.32.0.1", "2606:4700::1111", "64:ff9b::808:808"})
    void public_addresses_are_allowed(String address) throws Exception {
        assertEquals("allowed", AddressPolicy.publicOnly().refusal(InetAddress.getByName(address)).orElse("allowed"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "https://127.0.0.1:{guard}/                   | refused: 127.0.0.1 is a loopback address",
            "https://[::1]:{guard}/                       | refused: ::1 is a loopback address",
            "https://[::ffff:127.0.0.1]:{guard}/          | refused: ::ffff:127.0.0.1 is a loopback address",
            "https://2130706433:{guard}/                  | refused: 2130706433 is a loopback address",
            "https://loopback.example:{guard}/            | refused: loopback.example resolves to 127.0.0.1, a loopback address",
            "https://intranet.example/admin               | refused: intranet.example resolves to 10.1.2.3, a private address",
            "https://metadata.example/latest/meta-data/   | refused: metadata.example resolves to 169.254.169.254, a cloud metadata address",
            "https://split.example/                       | refused: split.example resolves to 192.168.0.10, a private address",
            "http://public.example/plain                  | only https:// URLs are fetched, not http://public.example/plain",
            "https://user:secret@public.example/plain     | URLs with credentials are not fetched",
            "ftp://public.example/file                    | only https:// URLs are fetched, not ftp://public.example/file",
    })
    void a_fetch_of_a_refused_target_fails_before_any_connection(String url, String error) throws Exception {
        int before = guardConnections.get();
        ToolResult result = fetch(url.replace("{guard}", String.valueOf(guard.getLocalPort())));
        assertEquals(ToolStatus.ERROR, result.status());
        assertTrue(result.error().startsWith(error), result.error());
        assertEquals(before, guardConnections.get(), "no connection reached the loopback guard");
    }

    @Test
    void a_redirect_from_a_public_name_to_loopback_is_refused_before_connecting() throws Exception {
        ToolResult result = fetch(site.url("/to-loopback"));
        assertEquals(ToolStatus.ERROR, result.status());
        assertEquals("refused: 127.0.0.1 is a loopback address; only public addresses are fetched", result.error());
        assertEquals(0, guardConnections.get());
    }

    @Test
    void a_redirect_to_plain_http_is_refused() throws Exception {
        assertTrue(fetch(site.url("/to-http")).error().startsWith("only https:// URLs are fetched"));
    }

    @Test
    void more_than_five_redirects_are_refused() throws Exception {
        assertEquals("more than 5 redirects from " + site.url("/hop0"), fetch(site.url("/hop0")).error());
    }

    @Test
    void a_public_page_is_fetched_over_the_checked_address_and_reduced_to_its_main_content() throws Exception {
        ToolResult result = fetch(site.url("/to-article"));
        assertEquals(ToolStatus.OK, result.status(), String.valueOf(result.error()));
        assertEquals("Harbour at dawn", result.data().get("title").asText());
        assertEquals("Harbour at dawn\nThe photograph was taken on 3 May.\nCredit: A. Photographer.", result.data().get("text").asText());
        assertEquals(List.of(site.url("/to-article")), JSON.convertValue(result.data().get("redirects"), List.class));
        assertTrue(lookups.contains(LocalHttpsSite.HOST));
    }

    @Test
    void only_text_content_is_read() throws Exception {
        assertEquals(site.url("/picture") + " is image/png, not text; web_fetch reads text and HTML only",
                fetch(site.url("/picture")).error());
    }

    @Test
    void a_page_over_the_size_limit_is_cut_and_says_so() throws Exception {
        ToolResult result = fetch(site.url("/big"));
        assertEquals(4096, result.data().get("text").asText().length());
        assertTrue(result.data().get("truncated").asBoolean());
    }

    @Test
    void a_page_is_fetched_once_per_thread() throws Exception {
        site.page("/counted", "text/plain", "counted");
        int before = site.requests.get();
        ToolContext thread = new ToolContext(TestImages.resource(TestImages.OREGON_SMALL), null, "thread-1");
        tool.run(thread, JSON.readTree("{\"url\":\"" + site.url("/counted") + "\"}"));
        tool.run(thread, JSON.readTree("{\"url\":\"" + site.url("/counted") + "\"}"));
        assertEquals(before + 1, site.requests.get());
        tool.run(new ToolContext(thread.image(), null, "thread-2"), JSON.readTree("{\"url\":\"" + site.url("/counted") + "\"}"));
        assertEquals(before + 2, site.requests.get());
    }

    @Test
    void a_host_that_does_not_resolve_is_a_retryable_failure() {
        assertThrows(RetryableToolException.class, () -> fetch("https://nowhere.example/"));
    }

    @Test
    void the_tool_is_off_unless_a_graph_lists_it() {
        assertFalse(dev.loupe.graph.GraphSpecParser.load(dev.loupe.graph.GraphFiles.bundled(), "forensic").tools().names().contains("web_fetch"));
        assertTrue(dev.loupe.tool.ToolRegistry.discover().find("web_fetch").isPresent());
    }

    private static ToolResult fetch(String url) throws Exception {
        return tool.run(ToolContext.of(TestImages.resource(TestImages.OREGON_SMALL)), JSON.readTree("{\"url\":\"" + url + "\"}"));
    }
}
