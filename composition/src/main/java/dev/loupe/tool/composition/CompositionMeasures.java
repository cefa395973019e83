package dev.loupe.tool.composition;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.tool.Finding;
import dev.loupe.tool.forensic.pixel.PixelSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Everything {@code composition_measures} measures about one image, and how it reads to a model:
 * compact JSON (the field names are the measures a critique cites, e.g. {@code horizon.tilt_deg})
 * and findings for what stands out.
 */
public record CompositionMeasures(Subject subject, Horizon horizon, Balance balance, Tonality tonality,
                                  double[] edgeShares, double edgeDensity, LeadingLines lines, double negativeSpace) {

    /** A horizon tilted less than this is level to the eye; more, up to {@link #BOLD_TILT}, looks like a mistake. */
    public static final double LEVEL_TILT = 0.5;
    public static final double BOLD_TILT = 10;

    /** Measures the image's composition from its pixels alone, no face looked for; deterministic. */
    public static CompositionMeasures of(PixelSource pixels) {
        return of(pixels, Faces.notLookedFor());
    }

    /** Measures the image's composition, the subject being the {@code faces} when there are any; deterministic. */
    static CompositionMeasures of(PixelSource pixels, Faces faces) {
        WorkingImage image = WorkingImage.of(pixels);
        float[] luma = image.luma();
        float[] saliency = Saliency.of(image);
        EdgeField edges = new EdgeField(luma, image.width(), image.height());
        Subject subject = faces.boxes().isEmpty() ? Subject.of(saliency, image.width(), image.height()) : Subject.ofFaces(faces.boxes());
        return new CompositionMeasures(subject, Horizon.of(image, edges), Balance.of(saliency, luma, image.width(), image.height()),
                Tonality.of(image, luma), edges.orientations(), edges.density(), LeadingLines.of(edges, subject),
                NegativeSpace.of(edges, saliency));
    }

    /** The measures as the tool's {@code data}. */
    public ObjectNode toJson() {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        ObjectNode s = root.putObject("subject");
        s.put("placement", subject.placement()).put("source", subject.source());
        if (subject.found()) {
            s.put("x", r(subject.x())).put("y", r(subject.y())).put("size", r(subject.size()))
                    .put("thirds_dist", r(subject.thirdsDistance())).put("centre_dist", r(subject.centreDistance()));
        } else {
            s.put("reason", subject.reason());
        }
        ObjectNode h = root.putObject("horizon").put("found", horizon.found());
        if (horizon.found()) {
            h.put("tilt_deg", r(horizon.tiltDegrees())).put("y", r(horizon.y()));
        } else {
            h.put("reason", horizon.reason());
        }
        root.putObject("balance").put("left_right", r(balance.leftRight())).put("top_bottom", r(balance.topBottom()))
                .put("symmetry", r(balance.symmetry()));
        root.putObject("exposure").put("brightness", r(tonality.brightness())).put("clip_dark", r(tonality.clippedShadows()))
                .put("clip_bright", r(tonality.clippedHighlights())).put("spread", r(tonality.spread()));
        root.putObject("colour").put("saturation", r(tonality.saturation())).put("hue_spread", r(tonality.hueSpread()));
        root.putObject("lines").put("horizontal", r(edgeShares[0])).put("vertical", r(edgeShares[1]))
                .put("diagonal", r(edgeShares[2])).put("leading", lines.count()).put("to_subject", lines.towardSubject())
                .put("edge_density", r(edgeDensity));
        root.put("negative_space", r(negativeSpace));
        return root;
    }

    /** What stands out, one short sentence each. */
    public List<Finding> findings() {
        List<Finding> findings = new ArrayList<>();
        switch (subject.placement()) {
            case "centre" -> findings.add(new Finding("subject_centred", "The salient mass sits in the centre of the frame."));
            case "thirds" -> findings.add(new Finding("subject_on_thirds", "The salient mass sits on the " + subject.nearestThird()
                    .replace('_', ' ') + " thirds crossing."));
            case "none" -> findings.add(new Finding("no_distinct_subject", "No subject found: " + subject.reason() + "."));
            default -> { }
        }
        if (horizon.found() && Math.abs(horizon.tiltDegrees()) >= LEVEL_TILT && Math.abs(horizon.tiltDegrees()) < BOLD_TILT) {
            findings.add(new Finding("horizon_tilted", String.format(Locale.ROOT, "The horizon tilts %.1f° (rising to the %s).",
                    Math.abs(horizon.tiltDegrees()), horizon.tiltDegrees() > 0 ? "right" : "left")));
        }
        if (horizon.found() && Math.abs(horizon.y() - 0.5) < 0.06) {
            findings.add(new Finding("horizon_centred", "The horizon splits the frame in half."));
        }
        if (Math.abs(balance.leftRight()) > 0.4) {
            findings.add(new Finding("unbalanced", "Visual weight is heavy on the " + (balance.leftRight() > 0 ? "right." : "left.")));
        }
        if (tonality.clippedHighlights() > 0.02 || tonality.clippedShadows() > 0.05) {
            findings.add(new Finding("clipping", String.format(Locale.ROOT, "%.0f%% of pixels are clipped white, %.0f%% black.",
                    100 * tonality.clippedHighlights(), 100 * tonality.clippedShadows())));
        }
        if (subject.found() && subject.size() < 0.01) {
            findings.add(new Finding("small_subject", "The " + (subject.source().equals("faces") ? "faces cover" : "subject covers")
                    + " under 1% of the frame."));
        }
        if (!horizon.found() && horizon.reason() != null && horizon.coverage() > 0) {
            findings.add(new Finding("no_horizon", "No horizon found: " + horizon.reason() + "."));
        }
        return findings;
    }

    private static double r(double value) {
        return Math.round(value * 1000) / 1000.0;
    }
}
