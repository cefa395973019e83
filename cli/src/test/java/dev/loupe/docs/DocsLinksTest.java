package dev.loupe.docs;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The repository's markdown reads as documentation of the code: every relative link reaches a file
 * that exists (and a heading, when it names an anchor), and no document tells its history by
 * sessions, issue numbers or waves (that is what {@code CHANGELOG.md} is for).
 */
class DocsLinksTest {

    private static final Path ROOT = Markdown.root();
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern INLINE_CODE = Pattern.compile("`[^`\\n]*`");
    private static final Pattern SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*:");
    private static final Pattern HISTORY = Pattern.compile(
            "\\bsession [0-9]+|\\bissues? #?[0-9]+|\\bwave [0-9]+", Pattern.CASE_INSENSITIVE);

    @Test
    void every_relative_link_in_markdown_reaches_a_file_and_its_heading() {
        Map<Path, Set<String>> anchors = new HashMap<>();
        List<String> broken = new ArrayList<>();
        int links = 0;
        for (Path file : Markdown.all(ROOT)) {
            List<String> lines = Markdown.read(file);
            boolean fenced = false;
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                if (line.strip().startsWith("```") || line.strip().startsWith("~~~")) {
                    fenced = !fenced;
                    continue;
                }
                if (fenced) {
                    continue;
                }
                Matcher link = LINK.matcher(INLINE_CODE.matcher(line).replaceAll(""));
                while (link.find()) {
                    String target = link.group(1);
                    if (SCHEME.matcher(target).find()) {
                        continue;
                    }
                    links++;
                    String where = ROOT.relativize(file) + ":" + (i + 1) + ": " + target;
                    int hash = target.indexOf('#');
                    String path = hash < 0 ? target : target.substring(0, hash);
                    Path resolved = path.isEmpty() ? file : file.getParent().resolve(path).normalize();
                    if (!Files.exists(resolved)) {
                        broken.add(where + " (no such file)");
                    } else if (hash >= 0 && resolved.toString().endsWith(".md")
                            && !anchors.computeIfAbsent(resolved, Anchors::of).contains(target.substring(hash + 1))) {
                        broken.add(where + " (no such heading; headings: " + anchors.get(resolved) + ")");
                    }
                }
            }
        }
        assertTrue(links > 50, "the markdown has links to check (" + links + " found)");
        assertTrue(broken.isEmpty(), () -> broken.size() + " broken relative links:\n" + String.join("\n", broken));
    }

    @Test
    void no_document_tells_its_history_by_sessions_issues_or_waves() {
        List<String> mentions = new ArrayList<>();
        for (Path file : Markdown.all(ROOT)) {
            List<String> lines = Markdown.read(file);
            for (int i = 0; i < lines.size(); i++) {
                Matcher m = HISTORY.matcher(lines.get(i));
                if (m.find()) {
                    mentions.add(ROOT.relativize(file) + ":" + (i + 1) + ": " + m.group());
                }
            }
        }
        assertFalse(Markdown.all(ROOT).isEmpty());
        assertTrue(mentions.isEmpty(), () -> "say what the code does, and put history in CHANGELOG.md:\n"
                + String.join("\n", mentions));
    }

    @Test
    void slugs_follow_githubs_rule() {
        assertEquals("start-fast-binloupe", Anchors.slug("Start fast: `bin/loupe`"));
        assertEquals("tools-from-mcp-servers-web_fetch-retries", Anchors.slug("Tools from MCP servers, `web_fetch`, retries"));
        assertEquals("the-examiners-page", Anchors.slug("The examiner's page"));
    }
}
