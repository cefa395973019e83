package dev.loupe.server;

import org.hawkular.agent.prometheus.text.TextPrometheusMetricDataParser;
import org.hawkular.agent.prometheus.types.Counter;
import org.hawkular.agent.prometheus.types.Gauge;
import org.hawkular.agent.prometheus.types.Histogram;
import org.hawkular.agent.prometheus.types.Metric;
import org.hawkular.agent.prometheus.types.MetricFamily;
import org.hawkular.agent.prometheus.types.MetricType;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A {@code /metrics} answer read as a scraper reads it: by a Prometheus text-format (0.0.4) parser, into
 * families by name. A scrape the parser cannot read fails the test that asked.
 */
public final class Scrape {

    private final Map<String, MetricFamily> families;
    private final String text;

    private Scrape(Map<String, MetricFamily> families, String text) {
        this.families = families;
        this.text = text;
    }

    public static Scrape parse(String text) {
        Map<String, MetricFamily> families = new LinkedHashMap<>();
        try {
            TextPrometheusMetricDataParser parser = new TextPrometheusMetricDataParser(
                    new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
            for (MetricFamily family = parser.parse(); family != null; family = parser.parse()) {
                if (families.put(family.getName(), family) != null) {
                    throw new AssertionError("family " + family.getName() + " appears twice:\n" + text);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Scrape(families, text);
    }

    public MetricType type(String family) {
        return family(family).getType();
    }

    /** The value of the counter or gauge sample of {@code family} with exactly {@code labels}, if there is one. */
    public Optional<Double> value(String family, Map<String, String> labels) {
        return sample(family, labels).map(metric -> {
            if (metric instanceof Counter counter) {
                return counter.getValue();
            }
            if (metric instanceof Gauge gauge) {
                return gauge.getValue();
            }
            throw new AssertionError(family + " is neither a counter nor a gauge:\n" + text);
        });
    }

    /** The value of the counter or gauge sample of {@code family} with exactly {@code labels}. */
    public double valueOf(String family, Map<String, String> labels) {
        return value(family, labels).orElseThrow(() -> new AssertionError("no " + family + labels + " in:\n" + text));
    }

    /** The histogram of {@code family} with exactly {@code labels}. */
    public Histogram histogram(String family, Map<String, String> labels) {
        return sample(family, labels).map(Histogram.class::cast)
                .orElseThrow(() -> new AssertionError("no " + family + labels + " in:\n" + text));
    }

    /** The samples of {@code family}, or none when it is absent. */
    public List<Metric> samples(String family) {
        MetricFamily found = families.get(family);
        return found == null ? List.of() : found.getMetrics();
    }

    public boolean has(String family) {
        return families.containsKey(family);
    }

    @Override
    public String toString() {
        return text;
    }

    private Optional<Metric> sample(String family, Map<String, String> labels) {
        return family(family).getMetrics().stream().filter(metric -> metric.getLabels().equals(labels)).findFirst();
    }

    private MetricFamily family(String name) {
        MetricFamily family = families.get(name);
        if (family == null) {
            throw new AssertionError("no family " + name + " in:\n" + text);
        }
        return family;
    }
}
