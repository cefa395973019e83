package dev.loupe.server;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.loupe.fuzzing.AllocationBudget;
import dev.loupe.fuzzing.ParserContract;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Fuzzes the multipart/form-data reader of {@code POST /v1/analyze}: the boundary from the
 * Content-Type header, then the body (boundary lines, part headers, dispositions, part counts). The
 * contract: a form is read or refused with a 400 problem whose detail is one line. An input's first
 * line is the Content-Type's parameters, the rest the body, so seeds are readable files.
 */
@Timeout(10)
class MultipartFuzzTest {

    private static final ParserContract MULTIPART = ParserContract.neverThrows("MultipartForm", AllocationBudget.of(8, 64))
            .orAllowing("HttpProblem 400 with a one-line detail", e -> e instanceof HttpProblem problem
                    && problem.status() == 400 && ParserContract.isOneLine(problem.getMessage()));

    @FuzzTest(maxDuration = "10m")
    void any_form_is_read_or_refused_with_400(byte[] input) {
        int newline = indexOf(input, (byte) '\n');
        String contentType = "multipart/form-data; " + new String(input, 0, newline, StandardCharsets.ISO_8859_1);
        byte[] body = Arrays.copyOfRange(input, Math.min(input.length, newline + 1), input.length);
        MULTIPART.assertHolds(body.length, () -> {
            var parts = MultipartForm.parse(body, MultipartForm.boundary(contentType));
            MultipartForm.find(parts, "image");
        });
    }

    private static int indexOf(byte[] input, byte wanted) {
        for (int i = 0; i < input.length; i++) {
            if (input[i] == wanted) {
                return i;
            }
        }
        return input.length;
    }
}
