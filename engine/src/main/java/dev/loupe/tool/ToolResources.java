package dev.loupe.tool;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Objects the tools of one Loupe instance share and that belong to that instance, not to the
 * process: a knowledge base kept with the instance's store, say. Tools are built by
 * {@link java.util.ServiceLoader} without arguments, so they find these through their
 * {@link ToolContext} by type. Each is opened on first use, so a graph whose tools never ask pays
 * nothing, and closed with the instance. Thread-safe.
 *
 * <pre>{@code
 * ToolResources resources = ToolResources.none().with(KnowledgeBase.class, () -> KnowledgeBase.open(location));
 * context.resources().find(KnowledgeBase.class).ifPresent(kb -> ...);
 * }</pre>
 */
public final class ToolResources implements AutoCloseable {

    private static final ToolResources NONE = new ToolResources(Map.of(), Set.of());

    private final Map<Class<?>, Supplier<?>> openers;
    private final Set<Class<?>> borrowed;
    private final Map<Class<?>, Object> opened = new HashMap<>();
    private boolean closed;

    private ToolResources(Map<Class<?>, Supplier<?>> openers, Set<Class<?>> borrowed) {
        this.openers = openers;
        this.borrowed = borrowed;
    }

    /** No resources: tools fall back to what they can find alone. */
    public static ToolResources none() {
        return NONE;
    }

    /** These resources and one more of {@code type}, opened by {@code opener} on first use and closed by {@link #close()}. */
    public <T> ToolResources with(Class<T> type, Supplier<? extends T> opener) {
        Map<Class<?>, Supplier<?>> more = new HashMap<>(openers);
        more.put(Objects.requireNonNull(type, "type"), Objects.requireNonNull(opener, "opener"));
        Set<Class<?>> lent = new HashSet<>(borrowed);
        lent.remove(type);
        return new ToolResources(Map.copyOf(more), Set.copyOf(lent));
    }

    /** These resources and {@code value} as the one of {@code type}, which its owner closes, not {@link #close()}. */
    public <T> ToolResources withBorrowed(Class<T> type, T value) {
        Objects.requireNonNull(value, "value");
        ToolResources more = with(type, () -> value);
        Set<Class<?>> lent = new HashSet<>(borrowed);
        lent.add(type);
        return new ToolResources(more.openers, Set.copyOf(lent));
    }

    /** The resource of {@code type}, opened now when this is its first use; empty when there is none. */
    public synchronized <T> Optional<T> find(Class<T> type) {
        Supplier<?> opener = openers.get(type);
        if (opener == null) {
            return Optional.empty();
        }
        if (closed) {
            throw new IllegalStateException("the Loupe instance these tools belong to is closed");
        }
        return Optional.of(type.cast(opened.computeIfAbsent(type, key -> opener.get())));
    }

    /** Closes every resource that was opened and can be closed. */
    @Override
    public synchronized void close() {
        closed = true;
        for (Map.Entry<Class<?>, Object> entry : opened.entrySet()) {
            if (!borrowed.contains(entry.getKey()) && entry.getValue() instanceof AutoCloseable closeable) {
                try {
                    closeable.close();
                } catch (Exception ignored) {
                    // Closing on shutdown: one resource that fails to close must not keep the others open.
                }
            }
        }
        opened.clear();
    }
}
