package dev.loupe.tool.forensic.provenance.c2pa;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Finds the embedded C2PA manifest store: in a JPEG, the APP11 segments of JPEG-XT box packets
 * (common identifier {@code JP}, box instance number, packet sequence number) joined in sequence
 * order; in a PNG, the {@code caBX} chunk. Returns the JUMBF bytes of the store.
 */
final class ManifestStoreLocator {

    private static final int APP11 = 0xEB;
    private static final int SOS = 0xDA;
    /** CI (2) + En (2) + Z (4): the JPEG-XT packet header before the box bytes. */
    private static final int PACKET_HEADER = 8;
    private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

    private record Packet(int sequence, byte[] file, int start, int end) {
    }

    private ManifestStoreLocator() {
    }

    /** The store's bytes, or empty when the file embeds none. */
    static Optional<byte[]> find(byte[] file) {
        if (file.length > 3 && (file[0] & 0xFF) == 0xFF && (file[1] & 0xFF) == 0xD8) {
            return jpeg(file);
        }
        if (file.length > 8 && java.util.Arrays.equals(file, 0, 8, PNG_SIGNATURE, 0, 8)) {
            return png(file);
        }
        return Optional.empty();
    }

    private static Optional<byte[]> jpeg(byte[] file) {
        Map<Integer, List<Packet>> instances = new TreeMap<>();
        int pos = 2;
        while (pos + 4 <= file.length) {
            if ((file[pos] & 0xFF) != 0xFF) {
                break;
            }
            int marker = file[pos + 1] & 0xFF;
            if (marker == 0xFF) {
                pos++;
                continue;
            }
            if (marker == SOS || marker == 0xD9) {
                break;
            }
            if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) {
                pos += 2;
                continue;
            }
            int length = u16(file, pos + 2);
            int end = pos + 2 + length;
            if (length < 2 || end > file.length) {
                break;
            }
            int payload = pos + 4;
            if (marker == APP11 && length >= 2 + PACKET_HEADER + 8 && file[payload] == 'J' && file[payload + 1] == 'P') {
                int instance = u16(file, payload + 2);
                int sequence = (int) u32(file, payload + 4);
                instances.computeIfAbsent(instance, k -> new ArrayList<>())
                        .add(new Packet(sequence, file, payload + PACKET_HEADER, end));
            }
            pos = end;
        }
        for (List<Packet> packets : instances.values()) {
            byte[] joined = join(packets);
            if (joined.length >= 8 && joined[4] == 'j' && joined[5] == 'u' && joined[6] == 'm' && joined[7] == 'b') {
                return Optional.of(joined);
            }
        }
        return Optional.empty();
    }

    /**
     * Joins the packets of one box instance: the first keeps its box header; the others repeat
     * it (LBox, TBox and XLBox when LBox is 1), and the repeat is dropped.
     */
    private static byte[] join(List<Packet> packets) {
        List<Packet> ordered = new ArrayList<>(packets);
        ordered.sort((a, b) -> Integer.compareUnsigned(a.sequence(), b.sequence()));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < ordered.size(); i++) {
            Packet packet = ordered.get(i);
            int skip = 0;
            if (i > 0) {
                skip = u32(packet.file(), packet.start()) == 1 ? 16 : 8;
            }
            int from = Math.min(packet.start() + skip, packet.end());
            out.write(packet.file(), from, packet.end() - from);
        }
        return out.toByteArray();
    }

    private static Optional<byte[]> png(byte[] file) {
        int pos = 8;
        while (pos + 12 <= file.length) {
            long length = u32(file, pos);
            String type = new String(file, pos + 4, 4, java.nio.charset.StandardCharsets.ISO_8859_1);
            if (length > file.length - pos - 12L) {
                break;
            }
            if (type.equals("caBX")) {
                return Optional.of(java.util.Arrays.copyOfRange(file, pos + 8, pos + 8 + (int) length));
            }
            if (type.equals("IEND")) {
                break;
            }
            pos += 12 + (int) length;
        }
        return Optional.empty();
    }

    static int u16(byte[] b, int pos) {
        return ((b[pos] & 0xFF) << 8) | (b[pos + 1] & 0xFF);
    }

    static long u32(byte[] b, int pos) {
        return ((long) (b[pos] & 0xFF) << 24) | ((b[pos + 1] & 0xFF) << 16) | ((b[pos + 2] & 0xFF) << 8) | (b[pos + 3] & 0xFF);
    }
}
