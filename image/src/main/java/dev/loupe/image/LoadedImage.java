package dev.loupe.image;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * An image that passed the safety checks: its bytes, its sniffed format, its declared size and its
 * SHA-256. Pixels are decoded once, on first use, and shared by every tool of the analysis; the
 * SHA-256 too is computed once, when first asked for (a 24 MP JPEG takes ≈ 0.2 s to hash before the
 * JIT has warmed up, which a command can spend on another core while it sets up). What tools make from
 * the file for each other (the JPEG coefficient pass) is kept here too, under a {@link Derived} key:
 * it goes when the image goes, and another image, however alike, never reads it.
 */
public final class LoadedImage {

    private final Path path;
    private final String name;
    private final byte[] bytes;
    private final ImageFormat format;
    private final int width;
    private final int height;
    /**
     * In its own slot, so under its own lock: a derived value is made under its slot's lock for the whole
     * decode, and a hash must not wait for it (a cold {@code analyze} hashes and decodes at once on two threads).
     */
    private final Slot<String> sha256;
    private final Slot<BufferedImage> pixels = new Slot<>();
    private final Map<Integer, EncodedImage> encoded = new ConcurrentHashMap<>(2);
    private final Map<Derived<?>, Slot<?>> derived = new ConcurrentHashMap<>(4);

    /** An image whose SHA-256 the caller has computed. */
    public LoadedImage(Path path, String name, byte[] bytes, ImageFormat format, int width, int height, String sha256) {
        this(path, name, bytes, format, width, height, new Slot<>(Objects.requireNonNull(sha256, "sha256")));
    }

    /** An image whose SHA-256 is computed from its bytes when first asked for. */
    public LoadedImage(Path path, String name, byte[] bytes, ImageFormat format, int width, int height) {
        this(path, name, bytes, format, width, height, new Slot<>());
    }

    private LoadedImage(Path path, String name, byte[] bytes, ImageFormat format, int width, int height, Slot<String> sha256) {
        this.sha256 = sha256;
        this.path = path;
        this.name = Objects.requireNonNull(name, "name");
        this.bytes = Objects.requireNonNull(bytes, "bytes");
        this.format = Objects.requireNonNull(format, "format");
        this.width = width;
        this.height = height;
    }

    /** Where the image was read from; null for images handed over as bytes. */
    public Path path() {
        return path;
    }

    /** The file name, or the name given with the bytes. */
    public String name() {
        return name;
    }

    /** The file's bytes. Callers must not modify the array. */
    public byte[] bytes() {
        return bytes;
    }

    public ImageFormat format() {
        return format;
    }

    public int width() {
        return width;
    }

    public int height() {
        return height;
    }

    /** The lower-case hex SHA-256 of the bytes. */
    public String sha256() {
        return sha256.get(() -> ImageLoader.sha256(bytes));
    }

    /**
     * The decoded pixels, decoded once. Throws {@link dev.loupe.core.LoupeException} (bad input) when the
     * pixel data cannot be decoded.
     */
    public BufferedImage pixels() {
        return pixels.get(() -> PixelDecoder.decode(this));
    }

    /**
     * The image as models are sent it with longer side {@code maxSide}: made by {@code encoder} on
     * first use and kept, so every node that sends the image sends the same bytes, encoded once.
     */
    public EncodedImage encoded(int maxSide, Function<LoadedImage, EncodedImage> encoder) {
        return encoded.computeIfAbsent(maxSide, side -> encoder.apply(this));
    }

    /**
     * What is kept under {@code key}, made by {@code make} the first time it is asked for. One thread
     * makes it; others asking meanwhile wait for that one (a decode is not worth doing twice), while
     * other keys, the hash and the pixels stay free. A {@code make} that throws keeps nothing: the
     * next caller tries again.
     */
    public <T> T derived(Derived<T> key, Supplier<T> make) {
        @SuppressWarnings("unchecked")
        Slot<T> slot = (Slot<T>) derived.computeIfAbsent(key, k -> new Slot<T>());
        return slot.get(make);
    }

    /**
     * Forgets what is kept under these keys: the work that needed it is done, and a 24 MP JPEG's
     * planes (≈ 80 MB) should not wait for the image to become unreachable. Asked for again, it is made again.
     */
    public void forget(Derived<?>... keys) {
        for (Derived<?> key : keys) {
            derived.remove(key);
        }
    }

    /** One derived value: made once under the slot's own lock, read without it once made. */
    private static final class Slot<T> {

        private volatile T value;

        Slot() {
        }

        Slot(T value) {
            this.value = value;
        }

        T get(Supplier<T> make) {
            T result = value;
            if (result == null) {
                synchronized (this) {
                    result = value;
                    if (result == null) {
                        result = Objects.requireNonNull(make.get(), "a derived value");
                        value = result;
                    }
                }
            }
            return result;
        }
    }
}
