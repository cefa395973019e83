package dev.loupe.tool.forensic.metadata;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Protects metadata-extractor from compression bombs: it inflates PNG {@code zTXt}, compressed
 * {@code iTXt} and {@code iCCP} chunks without a bound, so a kilobyte chunk could ask for
 * gigabytes. Chunks that inflate past {@link #LIMIT} are dropped from the copy handed to it, and
 * the drop is recorded as an error. It also allocates a chunk's declared length before reading it,
 * so a 300-byte file declaring a 3 GB chunk cost 256 MB and seconds (found by fuzzing): the copy
 * ends before a chunk longer than what remains of the file.
 */
final class PngInflationGuard {

    /** Far above any real profile or text (ComfyUI workflows run to a few hundred kilobytes). */
    static final long LIMIT = 16L << 20;
    private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    private static final byte[] IEND = {0, 0, 0, 0, 'I', 'E', 'N', 'D', (byte) 0xAE, 0x42, 0x60, (byte) 0x82};

    private PngInflationGuard() {
    }

    /** The file itself when it is safe, or a copy without the chunks that inflate too far. */
    static byte[] sanitize(byte[] file, List<String> errors) {
        if (file.length < 8 || !java.util.Arrays.equals(file, 0, 8, SIGNATURE, 0, 8)) {
            return file;
        }
        ByteArrayOutputStream kept = null;
        int pos = 8;
        while (pos + 12 <= file.length) {
            long length = ((long) (file[pos] & 0xFF) << 24) | ((file[pos + 1] & 0xFF) << 16)
                    | ((file[pos + 2] & 0xFF) << 8) | (file[pos + 3] & 0xFF);
            if (length > file.length - pos - 12L) {
                errors.add("PNG chunk at " + pos + " declares " + length + " bytes but " + (file.length - pos - 12L)
                        + " remain; the file was read up to it");
                if (kept == null) {
                    kept = new ByteArrayOutputStream(pos + IEND.length);
                    kept.write(file, 0, pos);
                }
                kept.writeBytes(IEND); // so the reader ends there instead of failing at the end of the data
                return kept.toByteArray();
            }
            String type = new String(file, pos + 4, 4, StandardCharsets.ISO_8859_1);
            int end = pos + 12 + (int) length;
            int compressed = compressedStart(type, file, pos + 8, pos + 8 + (int) length);
            boolean bomb = compressed >= 0 && inflatesPastLimit(file, compressed, pos + 8 + (int) length);
            if (bomb && kept == null) {
                kept = new ByteArrayOutputStream(file.length);
                kept.write(file, 0, pos);
            }
            if (bomb) {
                errors.add("PNG " + type + " chunk at " + pos + " inflates past " + (LIMIT >> 20) + " MiB and was not read");
            } else if (kept != null) {
                kept.write(file, pos, end - pos);
            }
            pos = end;
        }
        if (kept == null) {
            return file;
        }
        kept.write(file, pos, file.length - pos);
        return kept.toByteArray();
    }

    /** Where the compressed stream of a chunk starts, or -1 when the chunk holds none. */
    private static int compressedStart(String type, byte[] b, int start, int end) {
        int keywordEnd = indexOfZero(b, start, end);
        if (keywordEnd < 0) {
            return -1;
        }
        return switch (type) {
            case "zTXt", "iCCP" -> keywordEnd + 2; // keyword, NUL, compression method
            case "iTXt" -> {
                if (keywordEnd + 3 > end || b[keywordEnd + 1] != 1) {
                    yield -1; // not compressed
                }
                int languageEnd = indexOfZero(b, keywordEnd + 3, end);
                int translatedEnd = languageEnd < 0 ? -1 : indexOfZero(b, languageEnd + 1, end);
                yield translatedEnd < 0 ? -1 : translatedEnd + 1;
            }
            default -> -1;
        };
    }

    private static boolean inflatesPastLimit(byte[] b, int start, int end) {
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(b, start, Math.max(0, end - start));
            byte[] sink = new byte[64 * 1024];
            long total = 0;
            while (!inflater.finished() && total <= LIMIT) {
                int n = inflater.inflate(sink);
                if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    break;
                }
                total += n;
            }
            return total > LIMIT;
        } catch (DataFormatException e) {
            return false; // corrupt streams are metadata-extractor's to report
        } finally {
            inflater.end();
        }
    }

    private static int indexOfZero(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] == 0) {
                return i;
            }
        }
        return -1;
    }
}
