package dev.loupe.server;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;

/** A multipart message for {@code POST /v1/threads/{id}/messages}: a text field and an optional image file. */
final class ConversationForm {

    static final String TYPE = "multipart/form-data; boundary=" + ServerClient.BOUNDARY;

    private ConversationForm() {
    }

    static HttpRequest.BodyPublisher of(String text, String filename, byte[] image) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(("--" + ServerClient.BOUNDARY + "\r\nContent-Disposition: form-data; name=\"text\"\r\n\r\n" + text
                + "\r\n").getBytes(StandardCharsets.UTF_8));
        if (image != null) {
            out.writeBytes(("--" + ServerClient.BOUNDARY + "\r\nContent-Disposition: form-data; name=\"image\"; filename=\""
                    + filename + "\"\r\nContent-Type: application/octet-stream\r\n\r\n").getBytes(StandardCharsets.UTF_8));
            out.writeBytes(image);
            out.writeBytes("\r\n".getBytes(StandardCharsets.UTF_8));
        }
        out.writeBytes(("--" + ServerClient.BOUNDARY + "--\r\n").getBytes(StandardCharsets.UTF_8));
        return HttpRequest.BodyPublishers.ofByteArray(out.toByteArray());
    }

    static HttpRequest.BodyPublisher json(String text) {
        return HttpRequest.BodyPublishers.ofString("{\"text\": \"" + text + "\"}");
    }
}
