package dev.loupe.checkpoint;

import java.sql.Connection;
import java.sql.SQLException;

/** A unit of JDBC work on a borrowed connection. */
@FunctionalInterface
interface SqlWork<T> {
    T run(Connection connection) throws SQLException;
}
