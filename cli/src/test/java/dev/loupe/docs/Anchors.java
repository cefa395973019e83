package dev.loupe.docs;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The anchors a markdown file's headings get, as GitHub makes them. */
final class Anchors {

    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.+?)\\s*#*\\s*$");
    private static final Pattern LINK = Pattern.compile("\\[([^\\]]*)]\\([^)]*\\)");

    private Anchors() {
    }

    static Set<String> of(Path file) {
        Set<String> anchors = new HashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        boolean fenced = false;
        for (String line : Markdown.read(file)) {
            if (line.startsWith("```") || line.startsWith("~~~")) {
                fenced = !fenced;
                continue;
            }
            Matcher heading = HEADING.matcher(line);
            if (!fenced && heading.matches()) {
                String slug = slug(heading.group(1));
                int n = seen.merge(slug, 1, Integer::sum);
                anchors.add(n == 1 ? slug : slug + "-" + (n - 1));
            }
        }
        return anchors;
    }

    /** GitHub's rule: lower case, punctuation other than hyphens and underscores dropped, spaces to hyphens. */
    static String slug(String heading) {
        String text = LINK.matcher(heading).replaceAll("$1").toLowerCase();
        return text.replaceAll("[^\\p{L}\\p{M}\\p{N}\\p{Pc} -]", "").replace(' ', '-');
    }
}
