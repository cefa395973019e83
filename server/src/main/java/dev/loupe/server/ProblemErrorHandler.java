package dev.loupe.server;

import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

import java.nio.ByteBuffer;

/**
 * The errors Jetty answers itself, before any route sees the request — a malformed URI or request
 * line, headers too large — as problem details like every other error, instead of Jetty's HTML page.
 */
final class ProblemErrorHandler extends ErrorHandler {

    @Override
    protected void generateResponse(Request request, Response response, int code, String message, Throwable cause,
                                    Callback callback) {
        String path = request.getHttpURI() == null ? null : request.getHttpURI().getPath();
        byte[] body = problem(code, message).toProblem(path == null ? "" : path).toBytes();
        response.setStatus(code);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, Problem.CONTENT_TYPE_UTF8);
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
        response.write(true, ByteBuffer.wrap(body), callback);
    }

    @Override
    public ByteBuffer badMessageError(int status, String reason, HttpFields.Mutable fields) {
        fields.put(HttpHeader.CONTENT_TYPE, Problem.CONTENT_TYPE_UTF8);
        return ByteBuffer.wrap(problem(status, reason).toProblem("").toBytes());
    }

    private static HttpProblem problem(int status, String message) {
        return HttpProblem.ofStatus(status, "the server could not take this request"
                + (message == null || message.isBlank() ? "" : ": " + message.strip().lines().findFirst().orElse("")));
    }
}
