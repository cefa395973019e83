package dev.loupe.structure;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Finds the words of an alias inside what a model wrote ("Fake (AI-generated)", "likely authentic"),
 * as whole words, ignoring case and punctuation. An occurrence shortly after a negation ("not
 * AI-generated", "no sign of tampering") does not count: reading it would invert what was said.
 */
final class WordMatch {

    /** Longer texts are sentences about the image, not a label: too easy to misread. */
    static final int MAX_WORDS = 30;

    private static final Set<String> NEGATIONS = Set.of("not", "no", "never", "neither", "nor", "isnt", "arent",
            "wasnt", "without", "non", "cannot", "cant", "hardly", "unlikely");

    /** Words a negation may stand before the alias it negates ("not a camera original"). */
    private static final int NEGATION_REACH = 3;

    private WordMatch() {
    }

    /** The text's words: lower case, split at anything but letters and digits, apostrophes dropped. */
    static List<String> words(String text) {
        String cleaned = text.toLowerCase(Locale.ROOT).replaceAll("['’]", "");
        List<String> words = new ArrayList<>();
        for (String word : cleaned.split("[^\\p{L}\\p{N}]+")) {
            if (!word.isEmpty()) {
                words.add(word);
            }
        }
        return words;
    }

    /**
     * The position of the first occurrence of any of {@code aliases} in {@code words} that no
     * negation precedes, or -1 (also when the text is too long to be a label).
     */
    static int first(List<String> words, Collection<String> aliases) {
        if (words.size() > MAX_WORDS) {
            return -1;
        }
        int best = -1;
        for (String alias : aliases) {
            List<String> wanted = words(alias);
            if (wanted.isEmpty()) {
                continue;
            }
            for (int at = 0; at + wanted.size() <= words.size(); at++) {
                if (words.subList(at, at + wanted.size()).equals(wanted) && !negated(words, at, wanted)) {
                    if (best < 0 || at < best) {
                        best = at;
                    }
                    break;
                }
            }
        }
        return best;
    }

    private static boolean negated(List<String> words, int at, List<String> alias) {
        if (alias.stream().anyMatch(NEGATIONS::contains)) {
            return false; // the alias carries its own negation ("cannot determine")
        }
        for (int k = Math.max(0, at - NEGATION_REACH); k < at; k++) {
            if (NEGATIONS.contains(words.get(k))) {
                return true;
            }
        }
        return false;
    }
}
