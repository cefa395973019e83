package dev.loupe.kb;

import dev.loupe.core.LoupeException;

import java.util.regex.Pattern;

/** Collection names: lower-case letters, digits, dot, dash and underscore, so they are safe as file names and SQL values. */
public final class CollectionName {

    private static final Pattern VALID = Pattern.compile("[a-z0-9][a-z0-9._-]{0,63}");

    private CollectionName() {
    }

    /** {@code name}, or a bad-input error saying what a name may contain. */
    public static String check(String name) {
        if (name == null || !VALID.matcher(name).matches()) {
            throw LoupeException.badInput("collection '" + name + "': use 1-64 lower-case letters, digits, '.', '-' or '_', "
                    + "starting with a letter or digit");
        }
        return name;
    }
}
