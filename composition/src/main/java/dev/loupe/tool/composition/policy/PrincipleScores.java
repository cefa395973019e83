package dev.loupe.tool.composition.policy;

import dev.loupe.tool.composition.policy.Principle;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The offline critic's judgement of each principle from {@code composition_measures}' data, by
 * fixed, documented thresholds (docs/detection-and-composition.md's table). A principle whose measure is missing — no
 * horizon found, no distinct subject for size — is left out rather than guessed.
 */
final class PrincipleScores {

    private PrincipleScores() {
    }

    static List<Principle> of(JsonNode data) {
        List<Principle> principles = new ArrayList<>();
        placement(data.path("subject"), data.path("balance").path("symmetry").asDouble(), principles);
        horizon(data.path("horizon"), principles);
        balance(data.path("balance"), principles);
        lines(data.path("lines"), principles);
        simplicity(data.path("negative_space").asDouble(), data.path("lines").path("edge_density").asDouble(), principles);
        size(data.path("subject"), principles);
        exposure(data.path("exposure"), principles);
        colour(data.path("colour"), principles);
        return principles;
    }

    /**
     * What the measures could not support, each with why: no subject found (the rule of thirds and
     * framing are then not judged) or no horizon found. Said, not left out in silence.
     */
    static List<String> notJudged(JsonNode data) {
        List<String> out = new ArrayList<>();
        JsonNode subject = data.path("subject");
        if (subject.path("placement").asText("none").equals("none")) {
            out.add("rule of thirds and framing: no subject found (" + subject.path("reason").asText("nothing stands out") + ")");
        }
        JsonNode horizon = data.path("horizon");
        if (!horizon.path("found").asBoolean()) {
            out.add("horizon: no horizon found (" + horizon.path("reason").asText("no long level line") + ")");
        }
        return out;
    }

    private static void placement(JsonNode subject, double symmetry, List<Principle> out) {
        String placement = subject.path("placement").asText("none");
        if (placement.equals("none")) {
            return;
        }
        boolean faces = subject.path("source").asText().equals("faces");
        String at = (faces ? "The face " : "The subject ") + f("(x %.2f, y %.2f)", subject.path("x").asDouble(), subject.path("y").asDouble());
        switch (placement) {
            case "thirds" -> out.add(new Principle("rule of thirds", subject.path("thirds_dist").asDouble() < 0.04 ? 9 : 8,
                    at + " sits on a thirds crossing, which gives the frame direction.",
                    "subject.thirds_dist = " + subject.path("thirds_dist").asText(), "subject on a thirds crossing", ""));
            case "centre" -> out.add(symmetry >= 0.8
                    ? new Principle("rule of thirds", 7, at + " is centred in a largely symmetrical frame, "
                    + "a placement that suits symmetry.", "balance.symmetry = " + symmetry, "symmetry make it exact", "")
                    : new Principle("rule of thirds", 5, at + " sits in the centre, which tends to feel static.",
                    "subject.centre_dist = " + subject.path("centre_dist").asText(),
                    "subject placed dead centre feels static, move it to a third",
                    "Recompose or crop so the subject sits on the nearest thirds crossing rather than the centre."));
            case "off_grid" -> out.add(new Principle("rule of thirds", 6, at + " is neither on a thirds "
                    + "crossing nor in the centre.", "subject.thirds_dist = " + subject.path("thirds_dist").asText(),
                    "where to place the main subject on the thirds grid",
                    "Move the subject onto the nearest thirds crossing, or commit to the centre for symmetry."));
            default -> { }
        }
    }

    private static void horizon(JsonNode horizon, List<Principle> out) {
        if (!horizon.path("found").asBoolean()) {
            return;
        }
        double tilt = horizon.path("tilt_deg").asDouble();
        double y = horizon.path("y").asDouble();
        double size = Math.abs(tilt);
        String measure = "horizon.tilt_deg = " + horizon.path("tilt_deg").asText();
        String turn = f("Rotate the picture %.1f° %s so the horizon runs level.", size, tilt > 0 ? "clockwise" : "counter-clockwise");
        boolean centred = Math.abs(y - 0.5) < 0.06;
        if (size < 0.5) {
            out.add(centred
                    ? new Principle("horizon", 6, f("The horizon is level but runs through the middle (y %.2f), splitting the "
                    + "frame in half.", y), "horizon.y = " + horizon.path("y").asText(), "horizon through the middle splits the "
                    + "picture in half", "Move the horizon to the upper or lower third line, toward the less interesting half.")
                    : new Principle("horizon", 9, f("The horizon is level (tilt %.1f°) and off the middle (y %.2f).", tilt, y),
                    measure, "keep the horizon level", ""));
        } else if (size < 1.5) {
            out.add(new Principle("horizon", centred ? 5 : 6, f("The horizon tilts slightly, %.1f°.", tilt), measure,
                    "horizon slightly tilted, keep the horizon level", turn));
        } else if (size < 10) {
            out.add(new Principle("horizon", centred ? 2 : 3, f("The horizon tilts %.1f°: too little to read as a choice, "
                    + "enough to look crooked.", tilt), measure, "horizon is tilted, keep the horizon level", turn));
        } else {
            out.add(new Principle("horizon", 6, f("The horizon tilts boldly, %.1f°, which reads as deliberate.", tilt), measure,
                    "deliberate tilt must be obvious", ""));
        }
    }

    /** |left_right| at or above this: the weight sits on one side. */
    static final double UNBALANCED = 0.4;
    /** |left_right| below this: evenly spread. */
    static final double BALANCED = 0.15;

    /** {@code balanced}, {@code leaning} or {@code unbalanced}, by the thresholds the balance score uses. */
    static String balanceVerdict(double leftRight) {
        double lr = Math.abs(leftRight);
        return lr >= UNBALANCED ? "unbalanced" : lr < BALANCED ? "balanced" : "leaning";
    }

    private static void balance(JsonNode balance, List<Principle> out) {
        double lr = balance.path("left_right").asDouble();
        double tb = balance.path("top_bottom").asDouble();
        String measure = "balance.left_right = " + balance.path("left_right").asText();
        String heavy = lr > 0 ? "right" : "left";
        if (Math.abs(lr) >= UNBALANCED) {
            out.add(new Principle("balance", 4, f("Visual weight sits heavily on the %s (left_right %.2f).", heavy, lr), measure,
                    "visual weight all on one side, unbalanced, counterweigh it",
                    "Include a counterweight on the " + (lr > 0 ? "left" : "right") + " side, or recompose so the heavy mass sits "
                            + "nearer the centre."));
        } else if (tb <= -0.35) {
            out.add(new Principle("balance", 5, f("The picture is top-heavy (top_bottom %.2f).", tb),
                    "balance.top_bottom = " + balance.path("top_bottom").asText(), "top-heavy composition, weight low in the frame",
                    "Lower the camera or tilt it down so more of the weight sits in the lower half."));
        } else {
            out.add(new Principle("balance", Math.abs(lr) < BALANCED ? 8 : 7, f("Visual weight is spread evenly enough "
                    + "(left_right %.2f, top_bottom %.2f).", lr, tb), measure, "balanced composition", ""));
        }
    }

    private static void lines(JsonNode lines, List<Principle> out) {
        int toSubject = lines.path("to_subject").asInt();
        int leading = lines.path("leading").asInt();
        double diagonal = lines.path("diagonal").asDouble();
        if (toSubject > 0) {
            out.add(new Principle("leading lines", 8, toSubject + " diagonal line(s) lead toward the subject.",
                    "lines.to_subject = " + toSubject, "lines that lead to the subject", ""));
        } else if (leading > 0 || diagonal >= 0.3) {
            out.add(new Principle("leading lines", 6, f("There are diagonal lines (%d long, %.0f%% of edge strength) but none "
                    + "leads to the subject.", leading, 100 * diagonal), "lines.to_subject = 0",
                    "lines that point away from the subject lead the eye out of the frame",
                    "Change position so a strong line runs toward the subject instead of past it."));
        } else {
            out.add(new Principle("leading lines", 5, f("No lines lead into the picture; %.0f%% of edge strength is diagonal.",
                    100 * diagonal), "lines.leading = " + leading, "leading lines guide the eye to the subject",
                    "Look for a path, edge or shoreline that runs from the lower edge toward the subject."));
        }
    }

    private static void simplicity(double space, double density, List<Principle> out) {
        String measure = f("negative_space = %s", trim(space));
        if (space >= 0.3 && density < 0.2) {
            out.add(new Principle("simplicity and negative space", 8, f("%.0f%% of the frame is quiet space around the subject.",
                    100 * space), measure, "negative space gives the subject room", ""));
        } else if (space < 0.15 && density >= 0.25) {
            out.add(new Principle("simplicity and negative space", 4, f("The frame is busy: %.0f%% quiet space, edges in %.0f%% "
                    + "of it.", 100 * space, 100 * density), measure, "busy cluttered background, simplify the picture",
                    "Simplify: change the angle or crop so the subject stands against a quiet area."));
        } else {
            out.add(new Principle("simplicity and negative space", 6, f("Some quiet space (%.0f%% of the frame), some clutter "
                    + "(edges in %.0f%%).", 100 * space, 100 * density), measure, "make negative space clean",
                    "Clear the remaining clutter from the quiet areas so the space reads as deliberate."));
        }
    }

    private static void size(JsonNode subject, List<Principle> out) {
        if (!subject.has("size")) {
            return;
        }
        double size = subject.path("size").asDouble();
        String measure = "subject.size = " + subject.path("size").asText();
        if (subject.path("source").asText().equals("faces")) {
            faceSize(size, measure, out);
        } else if (size < 0.01) {
            out.add(new Principle("framing", 4, f("The subject covers only %.1f%% of the frame.", 100 * size), measure,
                    "subject too small in the frame, move closer", "Move closer or crop so the subject fills more of the frame."));
        } else if (size > 0.6) {
            out.add(new Principle("framing", 5, f("The salient area covers %.0f%% of the frame, leaving no room.", 100 * size),
                    measure, "filling the frame versus leaving space", "Step back or widen the view to give the subject some room."));
        } else {
            out.add(new Principle("framing", 7, f("The subject takes %.0f%% of the frame.", 100 * size), measure,
                    "how tightly to frame the subject", ""));
        }
    }

    /** A face's share of the frame: above a few percent the picture is a portrait; a speck of a face is far away. */
    private static void faceSize(double size, String measure, List<Principle> out) {
        if (size >= 0.03) {
            out.add(new Principle("framing", 8, f("The face covers %.0f%% of the frame: a close portrait.", 100 * size), measure,
                    "how tightly to frame a portrait", ""));
        } else if (size >= 0.003) {
            out.add(new Principle("framing", 7, f("The face covers %.1f%% of the frame: a person in their setting.", 100 * size),
                    measure, "how tightly to frame the subject", ""));
        } else {
            out.add(new Principle("framing", 5, f("The face covers only %.2f%% of the frame: the person is lost in it.", 100 * size),
                    measure, "subject too small in the frame, move closer", "Move closer or crop so the person fills more of the frame."));
        }
    }

    private static void exposure(JsonNode exposure, List<Principle> out) {
        double bright = exposure.path("clip_bright").asDouble();
        double dark = exposure.path("clip_dark").asDouble();
        double spread = exposure.path("spread").asDouble();
        if (bright > 0.02 || dark > 0.05) {
            out.add(new Principle("light and exposure", 4, f("%.0f%% of pixels are clipped to white and %.0f%% to black.",
                    100 * bright, 100 * dark), bright > 0.02 ? "exposure.clip_bright = " + trim(bright) : "exposure.clip_dark = "
                    + trim(dark), "blown highlights and crushed shadows, check the histogram",
                    bright > 0.02 ? "Lower the exposure or recover the highlights to bring detail back into the white areas."
                            : "Lift the shadows or expose brighter to bring detail back into the black areas."));
        } else if (spread < 0.5) {
            out.add(new Principle("light and exposure", 5, f("The tones span only %.0f%% of the range: the picture looks flat.",
                    100 * spread), "exposure.spread = " + trim(spread), "flat picture, narrow band of tones, low contrast",
                    "Set a true black and white point, or wait for light that makes shadows and highlights."));
        } else {
            out.add(new Principle("light and exposure", 8, f("Tones span %.0f%% of the range with little clipping.", 100 * spread),
                    "exposure.spread = " + trim(spread), "expose to keep detail", ""));
        }
    }

    private static void colour(JsonNode colour, List<Principle> out) {
        double saturation = colour.path("saturation").asDouble();
        double spread = colour.path("hue_spread").asDouble();
        if (saturation > 0.65) {
            out.add(new Principle("colour", 4, f("Colours are very saturated (mean %.2f).", saturation),
                    "colour.saturation = " + trim(saturation), "oversaturated garish colours lose detail",
                    "Reduce the saturation until the strongest hues keep their detail."));
        } else if (spread > 0.75 && saturation > 0.35) {
            out.add(new Principle("colour", 5, f("Many strong, unrelated hues compete (hue spread %.2f).", spread),
                    "colour.hue_spread = " + trim(spread), "too many strong colours, use a limited palette",
                    "Limit the palette: reframe or desaturate the colours that do not belong to the subject."));
        } else {
            out.add(new Principle("colour", 7, f("A restrained palette (saturation %.2f, hue spread %.2f).", saturation, spread),
                    "colour.hue_spread = " + trim(spread), "use colour with restraint", ""));
        }
    }

    private static String f(String format, Object... values) {
        return String.format(Locale.ROOT, format, values);
    }

    private static String trim(double value) {
        return String.valueOf(Math.round(value * 1000) / 1000.0);
    }
}
