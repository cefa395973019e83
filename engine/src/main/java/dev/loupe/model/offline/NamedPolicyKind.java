package dev.loupe.model.offline;

import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * A policy kind that is a name and a factory, as each tool family's is: a subclass hands both to
 * this constructor and keeps the public no-argument constructor {@link java.util.ServiceLoader} needs.
 */
public abstract class NamedPolicyKind implements OfflinePolicyKind {

    private final String name;
    private final Function<Map<String, Object>, OfflinePolicy> factory;

    protected NamedPolicyKind(String name, Function<Map<String, Object>, OfflinePolicy> factory) {
        this.name = Objects.requireNonNull(name, "name");
        this.factory = Objects.requireNonNull(factory, "factory");
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final OfflinePolicy fromConfig(Map<String, Object> config) {
        return factory.apply(config);
    }
}
