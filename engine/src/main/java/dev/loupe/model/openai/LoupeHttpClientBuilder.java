package dev.loupe.model.openai;

import dev.langchain4j.http.client.HttpClient;
import dev.langchain4j.http.client.HttpClientBuilder;

import java.time.Duration;

/** Builds a {@link LoupeHttpClient}; langchain4j sets the timeouts from the model's own settings. */
final class LoupeHttpClientBuilder implements HttpClientBuilder {

    private Duration connectTimeout = Duration.ofSeconds(10);
    private Duration readTimeout = Duration.ofSeconds(120);
    private final RequestLog log;

    /** @param log where requests are logged, or null for no logging */
    LoupeHttpClientBuilder(RequestLog log) {
        this.log = log;
    }

    @Override
    public Duration connectTimeout() {
        return connectTimeout;
    }

    @Override
    public HttpClientBuilder connectTimeout(Duration value) {
        if (value != null) {
            connectTimeout = value;
        }
        return this;
    }

    @Override
    public Duration readTimeout() {
        return readTimeout;
    }

    @Override
    public HttpClientBuilder readTimeout(Duration value) {
        if (value != null) {
            readTimeout = value;
        }
        return this;
    }

    @Override
    public HttpClient build() {
        return new LoupeHttpClient(connectTimeout, readTimeout, log);
    }
}
