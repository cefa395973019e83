package dev.loupe.eval.manifest;

import dev.loupe.core.LoupeException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ManifestTest {

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, text);
        return file;
    }

    @Test
    void csv_with_quoted_commas_line_breaks_and_doubled_quotes_keeps_every_column() throws IOException {
        Path file = write("set.csv", "path,label,category,source,note\r\n"
                + "\"photos/a, b.jpg\",REAL,camera_original,\"Nikon \"\"D50\"\"\",\"two\nlines\"\r\n"
                + "photos/c.jpg,fake,,gimp,\n");
        Manifest manifest = Manifest.load(file);
        List<ManifestItem> items = manifest.items();
        assertEquals(2, items.size());
        ManifestItem first = items.get(0);
        assertEquals("photos/a, b.jpg", first.path());
        assertEquals(dir.resolve("photos/a, b.jpg"), first.file());
        assertEquals("real", first.label());
        assertEquals("camera_original", first.category());
        assertEquals(Map.of("source", "Nikon \"D50\"", "note", "two\nlines"), first.extra());
        assertEquals(List.of("source", "note"), List.copyOf(first.extra().keySet()));
        ManifestItem second = items.get(1);
        assertEquals(1, second.index());
        assertEquals(4, second.line());
        assertNull(second.category());
        assertEquals("photos/c.jpg", second.id());
    }

    @Test
    void json_lines_keep_other_fields_and_use_the_id_when_given() throws IOException {
        Path file = write("set.jsonl", "{\"path\":\"a.jpg\",\"label\":\"fake\",\"id\":\"case-7\",\"source\":\"x\",\"n\":3}\n\n"
                + "{\"path\":\"b.png\",\"label\":\"real\",\"category\":\"camera_original\"}\n");
        List<ManifestItem> items = Manifest.load(file).items();
        assertEquals("case-7", items.get(0).id());
        assertEquals(Map.of("source", "x", "n", "3"), items.get(0).extra());
        assertEquals(3, items.get(1).line());
    }

    @Test
    void a_bad_label_names_its_line() throws IOException {
        Path file = write("set.csv", "path,label\na.jpg,real\nb.jpg,maybe\n");
        LoupeException e = assertThrows(LoupeException.class, () -> Manifest.load(file));
        assertEquals(LoupeException.Kind.BAD_INPUT, e.kind());
        assertTrue(e.getMessage().contains("line 3: label must be real or fake, not 'maybe'"), e.getMessage());
    }

    @Test
    void a_processed_photo_is_real_content_and_a_label_that_says_otherwise_is_refused() throws IOException {
        Path good = write("good.csv", "path,label,category\na.jpg,real,processed\nb.jpg,fake,manipulated\nc.jpg,real,camera_original\n");
        Path bad = write("bad.csv", "path,label,category\na.jpg,real,processed\nb.jpg,fake,processed\n");

        assertEquals(List.of("processed", "manipulated", "camera_original"),
                Manifest.load(good).items().stream().map(ManifestItem::category).toList());
        LoupeException e = assertThrows(LoupeException.class, () -> Manifest.load(bad));
        assertEquals(LoupeException.Kind.BAD_INPUT, e.kind());
        assertTrue(e.getMessage().contains("line 3: label fake with category processed: a photo processed as a whole is real "
                + "content; label it real"), e.getMessage());
    }

    @Test
    void a_row_with_the_wrong_number_of_fields_names_its_line() throws IOException {
        Path file = write("set.csv", "path,label\na.jpg,real\n\"b\nc.jpg\",fake\nd.jpg,fake,extra\n");
        LoupeException e = assertThrows(LoupeException.class, () -> Manifest.load(file));
        assertTrue(e.getMessage().contains("line 5: 3 fields, but the header names 2 columns"), e.getMessage());
    }

    @Test
    void an_unterminated_quote_names_the_line_it_opens_on() throws IOException {
        Path file = write("set.csv", "path,label\na.jpg,real\n\"b.jpg,fake\nc.jpg,real\n");
        LoupeException e = assertThrows(LoupeException.class, () -> Manifest.load(file));
        assertTrue(e.getMessage().contains("line 3: a quoted field is never closed"), e.getMessage());
    }

    @Test
    void a_byte_order_mark_and_crlf_line_ends_are_read_as_plain_csv() throws IOException {
        Path file = write("set.csv", "\uFEFFpath,label\r\na.jpg,real\r\n\r\n\"b\r\nc.jpg\",fake\r\nd.jpg,fake\r\n");
        List<ManifestItem> items = Manifest.load(file).items();
        assertEquals(List.of("a.jpg", "b\r\nc.jpg", "d.jpg"), items.stream().map(ManifestItem::path).toList());
        assertEquals(List.of(2, 4, 6), items.stream().map(ManifestItem::line).toList());
    }

    @Test
    void a_quote_inside_an_unquoted_field_names_its_line() throws IOException {
        Path file = write("set.csv", "path,label\na.jpg,real\nb\"c.jpg,fake\n");
        LoupeException e = assertThrows(LoupeException.class, () -> Manifest.load(file));
        assertEquals(LoupeException.Kind.BAD_INPUT, e.kind());
        assertTrue(e.getMessage().contains("line 3: a quote inside an unquoted field"), e.getMessage());
    }

    @Test
    void text_after_a_closing_quote_names_its_line() throws IOException {
        Path file = write("set.csv", "path,label\n\"a\nb.jpg\",real\n\"c.jpg\" ,fake\n");
        LoupeException e = assertThrows(LoupeException.class, () -> Manifest.load(file));
        assertTrue(e.getMessage().contains("line 4: text after a closing quote"), e.getMessage());
    }

    @Test
    void what_csv_file_writes_the_manifest_reads_back_field_for_field() throws IOException {
        List<List<String>> rows = List.of(List.of("path", "label", "note"),
                List.of("photos/a, b.jpg", "real", "Nikon \"D50\""),
                List.of("photos/c.jpg", "fake", "two\nlines, and\r\na CRLF"),
                List.of("d.jpg", "fake", "  edge spaces "));
        Path file = dir.resolve("written.csv");

        CsvFile.write(file, rows);

        List<ManifestItem> items = Manifest.load(file).items();
        assertEquals("d.jpg,fake,  edge spaces ", Files.readAllLines(file).get(5), "a plain field is not quoted");
        assertEquals(List.of("photos/a, b.jpg", "photos/c.jpg", "d.jpg"), items.stream().map(ManifestItem::path).toList());
        assertEquals(List.of("Nikon \"D50\"", "two\nlines, and\r\na CRLF", "  edge spaces "),
                items.stream().map(item -> item.extra().get("note")).toList());
    }

    @Test
    void the_same_item_twice_is_refused() throws IOException {
        Path file = write("set.jsonl", "{\"path\":\"a.jpg\",\"label\":\"fake\"}\n{\"path\":\"a.jpg\",\"label\":\"real\"}\n");
        LoupeException e = assertThrows(LoupeException.class, () -> Manifest.load(file));
        assertTrue(e.getMessage().contains("line 2: the item a.jpg appears twice"), e.getMessage());
    }

    @Test
    void a_json_line_that_is_not_an_object_names_its_line() throws IOException {
        Path file = write("set.jsonl", "{\"path\":\"a.jpg\",\"label\":\"fake\"}\n[1,2]\n");
        LoupeException e = assertThrows(LoupeException.class, () -> Manifest.load(file));
        assertTrue(e.getMessage().contains("line 2: not a JSON object"), e.getMessage());
    }

    @Test
    void limit_keeps_the_first_items() throws IOException {
        Path file = write("set.csv", "path,label\na.jpg,real\nb.jpg,fake\nc.jpg,fake\n");
        assertEquals(List.of("a.jpg", "b.jpg"), Manifest.load(file).limit(2).items().stream().map(ManifestItem::path).toList());
    }
}
