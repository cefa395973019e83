package dev.loupe.cli;

import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code loupe kb …} in-process with the real MiniLM model, on a store folder beside a SQLite file. */
class KbCommandTest {

    @TempDir
    Path dir;

    private Path docs;
    private String store;

    @BeforeEach
    void files() throws Exception {
        docs = Files.createDirectories(dir.resolve("docs"));
        store = dir.resolve("loupe.db").toString();
        Files.writeString(docs.resolve("tips.md"), "# Horizons\n\nKeep the sea horizon level when you photograph a sunset "
                + "over water; a tilted sea looks as if it drains out of the frame.\n\n# Tripods\n\nA tripod lets a waterfall "
                + "blur into silk during a long exposure.\n");
        Files.writeString(docs.resolve("notes.txt"), "Backlight turns a person into a silhouette against a bright sky.");
        Files.writeString(docs.resolve("talk.srt"), "1\n00:00:01,000 --> 00:00:04,000\nToday: <i>leading lines</i>.\n\n"
                + "2\n00:00:04,500 --> 00:00:09,000\nA winding road pulls the eye toward the farmhouse.\n");
        Files.writeString(docs.resolve("talk.vtt"), "WEBVTT\n\n01:02.000 --> 01:05.500\nOverhanging branches frame the castle "
                + "like a window.\n");
        pdf(docs.resolve("manual.pdf"), "Negative space around a lone tree makes it look isolated and calm.");
    }

    private static void pdf(Path file, String text) throws Exception {
        try (PDDocument document = new PDDocument()) {
            PDPage page = new PDPage();
            document.addPage(page);
            try (PDPageContentStream content = new PDPageContentStream(document, page)) {
                content.beginText();
                content.setFont(PDType1Font.HELVETICA, 12);
                content.newLineAtOffset(72, 700);
                content.showText(text);
                content.endText();
            }
            document.save(file.toFile());
        }
    }

    private CliRun kb(String... args) {
        String[] all = new String[args.length + 3];
        all[0] = "kb";
        System.arraycopy(args, 0, all, 1, args.length);
        all[args.length + 1] = "--store";
        all[args.length + 2] = store;
        return CliRun.of(all);
    }

    private String top(String query, String source) {
        CliRun run = kb("search", query, "--collection", "mine", "-k", "1", "--source", source);
        assertEquals(0, run.exitCode(), run.err());
        return run.outLines().get(0);
    }

    @Test
    void ingests_markdown_text_transcripts_and_pdf_each_placed_where_it_came_from() {
        CliRun ingest = kb("ingest", docs.toString(), "--collection", "mine");

        assertEquals(0, ingest.exitCode(), ingest.err());
        assertTrue(ingest.out().contains("5 added, 0 updated, 0 unchanged, 0 removed, 0 failed"), ingest.out());
        assertTrue(top("which way should the horizon run at sea?", "tips.md").endsWith("tips.md, Horizons ¶1"));
        assertTrue(top("silhouette against the sky", "notes.txt").endsWith("notes.txt, part 1"));
        assertTrue(top("a road that leads the eye", "talk.srt").endsWith("talk.srt, 00:00:01.000–00:00:09.000"));
        assertTrue(top("branches framing a building", "talk.vtt").endsWith("talk.vtt, 00:01:02.000–00:01:05.500"));
        assertTrue(top("empty space around a tree", "manual.pdf").endsWith("manual.pdf, part 1"));
    }

    @Test
    void bad_empty_and_huge_files_get_one_line_errors_and_the_rest_still_go_in() throws Exception {
        Files.write(docs.resolve("binary.txt"), new byte[]{0, 1, 2, 'a'});
        Files.writeString(docs.resolve("empty.md"), "");
        Files.writeString(docs.resolve("broken.pdf"), "%PDF-1.4 this is not a PDF");
        Files.writeString(docs.resolve("latin1.txt"), "caf\u00e9", java.nio.charset.StandardCharsets.ISO_8859_1);
        Files.writeString(docs.resolve("untimed.srt"), "just words, no cues\n");
        try (RandomAccessFile huge = new RandomAccessFile(docs.resolve("huge.txt").toFile(), "rw")) {
            huge.setLength(21L * 1024 * 1024);
        }

        Files.write(docs.resolve("photo.jpg"), new byte[]{(byte) 0xFF, (byte) 0xD8});
        Files.write(dir.resolve("photo.jpg"), new byte[]{(byte) 0xFF, (byte) 0xD8});

        CliRun ingest = kb("ingest", docs.toString(), dir.resolve("photo.jpg").toString(), dir.resolve("gone.md").toString(),
                "--collection", "mine");

        assertEquals(2, ingest.exitCode());
        assertTrue(ingest.out().contains("5 added, 0 updated, 0 unchanged, 0 removed, 8 failed"), ingest.out());
        assertEquals(List.of(
                "loupe: " + docs.resolve("binary.txt") + ": it holds binary data, not text",
                "loupe: " + docs.resolve("broken.pdf") + ": not a readable PDF (Missing root object specification in trailer.)",
                "loupe: " + docs.resolve("empty.md") + ": the file is empty",
                "loupe: " + docs.resolve("huge.txt") + ": 21.0 MB is over the 20 MB limit for one file; split it",
                "loupe: " + docs.resolve("latin1.txt") + ": it is not UTF-8 text",
                "loupe: " + docs.resolve("untimed.srt") + ": no timed cues ('00:00:01,000 --> 00:00:04,000') in this transcript",
                "loupe: " + dir.resolve("photo.jpg") + ": not a file kind Loupe ingests; use .md, .markdown, .txt, .text, .srt, .vtt, .pdf",
                "loupe: " + dir.resolve("gone.md") + ": no such file or folder"),
                ingest.errLines());
    }

    @Test
    void a_second_ingest_skips_unchanged_files_re_embeds_changed_ones_and_drops_removed_ones() throws Exception {
        kb("ingest", docs.toString(), "--collection", "mine");
        Files.writeString(docs.resolve("notes.txt"), "Side light rakes across bark and shows its texture.");
        Files.delete(docs.resolve("talk.vtt"));

        CliRun again = kb("ingest", docs.toString(), "--collection", "mine");

        assertEquals(0, again.exitCode(), again.err());
        assertTrue(again.out().contains("0 added, 1 updated, 3 unchanged, 1 removed, 0 failed; 1 chunks embedded"), again.out());
        assertTrue(top("texture of tree bark", "notes.txt").contains("notes.txt"));
        CliRun files = kb("list", "--files", "--collection", "mine");
        assertEquals(4, files.outLines().size(), files.out());
        assertTrue(files.outLines().stream().noneMatch(line -> line.endsWith("talk.vtt")));
    }

    @Test
    void search_in_a_collection_that_does_not_exist_exits_2_with_one_line() {
        CliRun search = kb("search", "light", "--collection", "nope");

        assertEquals(2, search.exitCode());
        assertEquals(List.of("loupe: no collection 'nope' in the knowledge base (see 'loupe kb list'; "
                + "'loupe kb ingest --collection nope FILE' makes it)"), search.errLines());
        assertEquals("", search.out());
    }

    @Test
    void lists_the_bundled_guide_with_every_store_and_removes_a_collection() {
        kb("ingest", docs.resolve("notes.txt").toString(), "--collection", "mine");

        CliRun list = kb("list");
        assertTrue(list.outLines().get(0).matches("composition-guide\\s+1 files\\s+\\d+ chunks"), list.out());
        assertTrue(list.outLines().get(1).matches("mine\\s+1 files\\s+1 chunks"), list.out());

        assertEquals(0, kb("remove", "mine").exitCode());
        CliRun again = kb("remove", "mine");
        assertEquals(2, again.exitCode());
        assertEquals(List.of("loupe: no collection 'mine' in this store; see 'loupe kb list'"), again.errLines());
    }

    @Test
    void searches_the_bundled_guide_with_no_setup() {
        CliRun run = kb("search", "my horizon is crooked", "-k", "2");

        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.outLines().get(0).endsWith("bundled:composition-guide.md, Horizon ¶1"), run.out());
    }

    @Test
    void a_bad_collection_name_or_k_is_bad_input() {
        CliRun name = kb("search", "horizon", "--collection", "Bad Name!");
        CliRun k = kb("search", "horizon", "-k", "0");

        assertEquals(2, name.exitCode());
        assertEquals(List.of("loupe: collection 'Bad Name!': use 1-64 lower-case letters, digits, '.', '-' or '_', "
                + "starting with a letter or digit"), name.errLines());
        assertEquals(2, k.exitCode());
        assertEquals(List.of("loupe: k must be between 1 and 20, not 0"), k.errLines());
    }

    @Test
    void the_retrieval_evaluation_reaches_its_target_on_the_bundled_guide() {
        CliRun run = CliRun.of("kb", "eval", Path.of("evaluation/composition/retrieval.jsonl").toAbsolutePath().toString(),
                "--store", "memory");

        assertEquals(0, run.exitCode(), run.err());
        double recall = Double.parseDouble(run.outLines().get(0).replaceAll(".*recall@3 ([0-9.]+).*", "$1"));
        assertTrue(recall >= 0.9, run.out());
    }
}
