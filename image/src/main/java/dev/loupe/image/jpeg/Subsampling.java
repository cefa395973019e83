package dev.loupe.image.jpeg;

import java.util.List;
import java.util.stream.Collectors;

/** Names a frame's chroma subsampling the way people say it: 4:4:4, 4:2:2, 4:2:0, 4:4:0, 4:1:1. */
public final class Subsampling {

    private Subsampling() {
    }

    /** "greyscale" for one component, a J:a:b name when the chroma components agree, else the factors. */
    public static String label(Frame frame) {
        List<FrameComponent> components = frame.components();
        if (components.size() == 1) {
            return "greyscale";
        }
        FrameComponent first = components.get(0);
        FrameComponent second = components.get(1);
        boolean chromaAgree = components.subList(1, components.size()).stream()
                .allMatch(c -> c.h() == second.h() && c.v() == second.v());
        boolean lumaLargest = first.h() == frame.maxH() && first.v() == frame.maxV();
        if (chromaAgree && lumaLargest && first.h() % second.h() == 0 && first.v() % second.v() == 0) {
            int across = first.h() / second.h();
            int down = first.v() / second.v();
            String name = switch (across * 10 + down) {
                case 11 -> "4:4:4";
                case 21 -> "4:2:2";
                case 22 -> "4:2:0";
                case 12 -> "4:4:0";
                case 41 -> "4:1:1";
                case 42 -> "4:1:0";
                default -> null;
            };
            if (name != null) {
                return name;
            }
        }
        return components.stream().map(c -> c.h() + "x" + c.v()).collect(Collectors.joining(","));
    }
}
