package dev.loupe.tool.forensic.qtables;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The tables cameras were seen to write, one row per camera file, with its make, model, table
 * signature, the IJG quality its luminance table is closest to, whether the file is laid out as
 * libjpeg writes (see {@code SegmentLayout}), and where the file came from. The
 * tool uses the bundled one, {@code camera-tables.tsv} beside this class (written by
 * {@link TableReferenceBuilder}); calibration builds one per cross-validation fold from the originals
 * it trains on, so that no original is checked against its own tables.
 *
 * @param rows the camera files
 */
public record TableReference(List<Row> rows) {

    static final String RESOURCE = "camera-tables.tsv";

    /** One camera file's tables. */
    public record Row(String make, String model, String signature, int quality, boolean library, boolean libjpegLayout,
                      String source) {
    }

    private static final TableReference BUNDLED = load();

    public TableReference {
        rows = List.copyOf(rows);
    }

    /** The reference shipped with Loupe, read once. */
    public static TableReference bundled() {
        return BUNDLED;
    }

    List<Row> ofMake(String make) {
        return rows.stream().filter(r -> r.make().equals(make)).toList();
    }

    private static TableReference load() {
        try (InputStream in = TableReference.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("the table reference " + RESOURCE + " is missing from the class path");
            }
            List<Row> rows = new ArrayList<>();
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (line.isBlank() || line.startsWith("#") || line.startsWith("make\t")) {
                    continue;
                }
                String[] f = line.split("\t", -1);
                rows.add(new Row(f[0], f[1], f[2], Integer.parseInt(f[3]), Boolean.parseBoolean(f[4]),
                        "libjpeg".equals(f[5]), f[6]));
            }
            return new TableReference(rows);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the table reference " + RESOURCE, e);
        }
    }
}
