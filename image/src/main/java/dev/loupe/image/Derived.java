package dev.loupe.image;

import java.util.Objects;

/**
 * A kind of thing made from an image and kept on it ({@link LoadedImage#derived}): a tool family's
 * decode of the file, say. Keys are compared by identity, so each family declares its own as a
 * constant and no other code can read or replace what it keeps.
 *
 * @param <T> what is kept under this key
 */
public final class Derived<T> {

    private final String name;

    private Derived(String name) {
        this.name = Objects.requireNonNull(name, "name");
    }

    /** A new key; {@code name} says what it holds, for messages and debugging only. */
    public static <T> Derived<T> named(String name) {
        return new Derived<>(name);
    }

    @Override
    public String toString() {
        return name;
    }
}
