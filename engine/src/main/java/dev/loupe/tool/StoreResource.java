package dev.loupe.tool;

import dev.loupe.checkpoint.StoreLocation;

/**
 * A resource the tools of one Loupe instance share that is kept with the instance's store (a
 * knowledge base beside the SQLite file, in the PostgreSQL database, or in memory). The family that
 * owns the type lists its opener in {@code META-INF/services/dev.loupe.tool.StoreResource}; the
 * instance opens it on first use (see {@link ToolResources}) and closes it with itself.
 *
 * @param <T> the resource's type, by which tools find it
 */
public interface StoreResource<T> {

    /** The type tools ask {@link ToolResources#find} for. */
    Class<T> type();

    /** Opens the resource kept with the store at {@code location}. */
    T open(StoreLocation location);
}
