package dev.loupe.tool.forensic.provenance.c2pa;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Optional;

/**
 * One JUMBF box. A superbox ({@code jumb}) has a description (content type and label) and
 * children; a content box ({@code cbor}, {@code json}, {@code bidb} …) has its bytes.
 *
 * @param type        the four-character box type
 * @param contentType for a superbox, the first four characters of its description's type UUID
 *                    ({@code c2pa}, {@code c2ma}, {@code c2as}, {@code c2cl}, {@code c2cs}, {@code cbor} …)
 * @param label       for a superbox, its label ({@code c2pa.claim}, {@code c2pa.actions} …), or null
 * @param children    the boxes inside a superbox (empty for content boxes)
 * @param content     the bytes of a content box (empty for superboxes)
 * @param payload     everything after the box's header, as a read-only view into the store (no
 *                    copy): what a C2PA hashed URI's hash covers
 */
public record JumbfBox(String type, String contentType, String label, List<JumbfBox> children, byte[] content,
                       ByteBuffer payload) {

    public JumbfBox {
        children = List.copyOf(children);
    }

    /** The payload's bytes, for hashing: a fresh view each time, so readers never share a position. */
    public ByteBuffer payloadView() {
        return payload.duplicate();
    }

    public boolean isSuperbox() {
        return "jumb".equals(type);
    }

    /** The first child superbox whose label, without version and instance suffixes, is this one. */
    public Optional<JumbfBox> child(String baseLabel) {
        return children.stream().filter(b -> b.isSuperbox() && baseLabel.equals(baseLabel(b.label()))).findFirst();
    }

    /** Every child superbox whose content type is this one ({@code c2ma} for manifests). */
    public List<JumbfBox> childrenOfType(String type) {
        return children.stream().filter(b -> b.isSuperbox() && type.equals(b.contentType())).toList();
    }

    /** The bytes of the first content box of this type inside this superbox. */
    public Optional<byte[]> contentOf(String boxType) {
        return children.stream().filter(b -> boxType.equals(b.type())).map(JumbfBox::content).findFirst();
    }

    /**
     * A label without the instance suffix ({@code __2}) and version suffix ({@code .v2}) that
     * C2PA adds, so that {@code c2pa.ingredient.v3__1} reads as {@code c2pa.ingredient}.
     */
    public static String baseLabel(String label) {
        if (label == null) {
            return "";
        }
        return label.replaceFirst("__\\d+$", "").replaceFirst("\\.v\\d+$", "");
    }
}
