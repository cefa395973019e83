package dev.loupe.server;

import dev.loupe.core.LoupeVersion;
import dev.loupe.client.ApiClient;
import dev.loupe.client.ApiException;
import dev.loupe.client.api.AnalysisApi;
import dev.loupe.client.api.ServiceApi;
import dev.loupe.client.api.ThreadsApi;
import dev.loupe.client.model.AnalysisResult;
import dev.loupe.client.model.Graph;
import dev.loupe.client.model.ThreadSummary;
import dev.loupe.client.model.ThreadWithResult;
import dev.loupe.testing.TestImages;
import dev.loupe.tool.forensic.ForensicVerdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Java client openapi-generator makes from {@code openapi.yaml} (in generate-test-sources,
 * library {@code native}), used as a client developer would against the running service: upload,
 * threads, replay, graphs, health, and problem details as {@link ApiException}s.
 */
class GeneratedClientTest {

    private static final String TOKEN = "client-token-91c4";

    @RegisterExtension
    static final ServedForensic served = new ServedForensic(ServerConfig.defaults().withApiToken(TOKEN));

    private static ApiClient client(String token) {
        ApiClient client = new ApiClient();
        client.updateBaseUri("http://127.0.0.1:" + served.server().port());
        if (token != null) {
            client.setRequestInterceptor(request -> request.header("Authorization", "Bearer " + token));
        }
        return client;
    }

    @Test
    void analyses_an_upload_and_reads_its_thread_back(@TempDir Path dir) throws Exception {
        ApiClient client = client(TOKEN);
        ThreadsApi threads = new ThreadsApi(client);
        Path photo = TestImages.drawn(dir, "photo", "jpg", 160, 120);

        AnalysisResult result = new AnalysisApi(client).analyze(photo.toFile(), null, null, "upload-42", null);

        assertEquals("upload-42", result.getThreadId());
        assertEquals(ForensicVerdict.of(served.loupe().analyze(photo).output()).verdict(), result.getVerdict());
        assertEquals(photo.getFileName().toString(), result.getImage().getName());
        assertFalse(result.getEvidence().isEmpty());
        String id = result.getThreadId();
        assertTrue(threads.listThreads(50, 0).getThreads().stream().map(ThreadSummary::getId).anyMatch(id::equals));
        ThreadWithResult thread = threads.getThread(id);
        assertEquals(ThreadWithResult.StatusEnum.DONE, thread.getStatus());
        assertEquals(result.getVerdict(), thread.getResult().getVerdict());
        assertFalse(threads.getThreadHistory(id).getCheckpoints().isEmpty());
        assertTrue(threads.replayThread(id).getIdentical());
        ApiException taken = assertThrows(ApiException.class,
                () -> new AnalysisApi(client).analyze(photo.toFile(), null, null, "upload-42", null));
        assertEquals(409, taken.getCode());
        assertTrue(taken.getResponseBody().contains(ProblemType.CONFLICT.uri()), taken.getResponseBody());
    }

    @Test
    void lists_the_served_graphs_and_reads_health_without_a_token() throws Exception {
        List<Graph> graphs = new AnalysisApi(client(TOKEN)).listGraphs().getGraphs();

        assertEquals(List.of("forensic"), graphs.stream().map(Graph::getName).toList());
        assertTrue(graphs.get(0).getDefault());
        assertEquals(LoupeVersion.get(), new ServiceApi(client(null)).health().getVersion());
    }

    @Test
    void refusals_reach_the_client_as_problem_details() {
        ApiException missing = assertThrows(ApiException.class, () -> new ThreadsApi(client(TOKEN)).getThread("no-such-thread"));
        ApiException anonymous = assertThrows(ApiException.class, () -> new ThreadsApi(client(null)).listThreads(null, null));

        assertEquals(404, missing.getCode());
        assertTrue(missing.getResponseBody().contains(ProblemType.NOT_FOUND.uri()), missing.getResponseBody());
        assertEquals(401, anonymous.getCode());
        assertTrue(anonymous.getResponseBody().contains(ProblemType.UNAUTHORIZED.uri()), anonymous.getResponseBody());
    }
}
