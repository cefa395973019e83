package dev.loupe.model;

import dev.loupe.core.LoupeException;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.ServiceLoader;

/** The providers on the class path, found with {@link ServiceLoader}, by name. */
public final class ModelProviders {

    private final Map<String, ModelProvider> providers;

    private ModelProviders(Map<String, ModelProvider> providers) {
        this.providers = providers;
    }

    /** Every provider listed in {@code META-INF/services/dev.loupe.model.ModelProvider} on the class path. */
    public static ModelProviders discover() {
        Map<String, ModelProvider> found = new LinkedHashMap<>();
        for (ModelProvider provider : ServiceLoader.load(ModelProvider.class, ModelProviders.class.getClassLoader())) {
            found.putIfAbsent(provider.name(), provider);
        }
        return new ModelProviders(found);
    }

    /** The discovered providers plus {@code extra}, which win on a name clash (tests, replay). */
    public ModelProviders with(ModelProvider extra) {
        Map<String, ModelProvider> map = new LinkedHashMap<>(providers);
        map.put(extra.name(), extra);
        return new ModelProviders(map);
    }

    /**
     * The provider called {@code name}.
     *
     * @throws LoupeException {@code BAD_INPUT}, naming the providers there are, when none has that name
     */
    public ModelProvider get(String name) {
        ModelProvider provider = providers.get(name);
        if (provider == null) {
            throw LoupeException.badInput("unknown model provider '" + name + "'; available: "
                    + String.join(", ", providers.keySet()));
        }
        return provider;
    }
}
