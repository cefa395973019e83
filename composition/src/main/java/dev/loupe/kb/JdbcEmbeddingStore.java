package dev.loupe.kb;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.data.document.Metadata;
import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.store.embedding.EmbeddingSearchRequest;
import dev.langchain4j.store.embedding.EmbeddingSearchResult;
import dev.langchain4j.store.embedding.EmbeddingStore;
import dev.langchain4j.store.embedding.filter.Filter;

import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A langchain4j {@link EmbeddingStore} of one collection's chunks in the {@code kb_chunks} table,
 * over a connection the caller owns (and whose transaction it decides). Vectors are {@code bytea},
 * because the embedded and many managed PostgreSQL servers have no pgvector extension; search is
 * brute-force cosine over the collection, read once into a {@link VectorIndex}.
 *
 * <p>SQL failures surface as {@link JdbcFailure}, which the knowledge store maps to a Loupe error.
 */
final class JdbcEmbeddingStore implements EmbeddingStore<TextSegment> {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** An SQL failure inside a langchain4j call, which cannot throw checked exceptions. */
    static final class JdbcFailure extends RuntimeException {
        JdbcFailure(SQLException cause) {
            super(cause.getMessage(), cause);
        }
    }

    private final Connection connection;
    private final String collection;

    JdbcEmbeddingStore(Connection connection, String collection) {
        this.connection = connection;
        this.collection = collection;
    }

    @Override
    public String add(Embedding embedding) {
        return add(embedding, null);
    }

    @Override
    public void add(String id, Embedding embedding) {
        addAll(List.of(id), List.of(embedding), null);
    }

    @Override
    public String add(Embedding embedding, TextSegment segment) {
        String id = UUID.randomUUID().toString();
        addAll(List.of(id), List.of(embedding), segment == null ? null : List.of(segment));
        return id;
    }

    @Override
    public List<String> addAll(List<Embedding> embeddings) {
        List<String> ids = generateIds(embeddings.size());
        addAll(ids, embeddings, null);
        return ids;
    }

    @Override
    public void addAll(List<String> ids, List<Embedding> embeddings, List<TextSegment> segments) {
        String sql = "INSERT INTO kb_chunks (id, collection, source, position, text, metadata, vector) VALUES (?, ?, ?, ?, ?, ?, ?)";
        try (PreparedStatement insert = connection.prepareStatement(sql)) {
            for (int i = 0; i < ids.size(); i++) {
                TextSegment segment = segments == null ? TextSegment.from("") : segments.get(i);
                insert.setString(1, ids.get(i));
                insert.setString(2, collection);
                insert.setString(3, String.valueOf(segment.metadata().getString(Chunks.SOURCE)));
                insert.setString(4, String.valueOf(segment.metadata().getString(Chunks.POSITION)));
                insert.setString(5, segment.text());
                insert.setString(6, JSON.writeValueAsString(segment.metadata().toMap()));
                insert.setBytes(7, VectorBytes.write(embeddings.get(i).vector()));
                insert.addBatch();
            }
            insert.executeBatch();
        } catch (SQLException e) {
            throw new JdbcFailure(e);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void removeAll(Collection<String> ids) {
        try (PreparedStatement delete = connection.prepareStatement("DELETE FROM kb_chunks WHERE collection = ? AND id = ?")) {
            for (String id : ids) {
                delete.setString(1, collection);
                delete.setString(2, id);
                delete.addBatch();
            }
            delete.executeBatch();
        } catch (SQLException e) {
            throw new JdbcFailure(e);
        }
    }

    /** Removes the chunks {@code filter} accepts, tested in Java against each chunk's metadata. */
    @Override
    public void removeAll(Filter filter) {
        removeAll(read().stream().filter(row -> filter.test(row.segment().metadata())).map(Row::id).toList());
    }

    @Override
    public void removeAll() {
        try (PreparedStatement delete = connection.prepareStatement("DELETE FROM kb_chunks WHERE collection = ?")) {
            delete.setString(1, collection);
            delete.executeUpdate();
        } catch (SQLException e) {
            throw new JdbcFailure(e);
        }
    }

    @Override
    public EmbeddingSearchResult<TextSegment> search(EmbeddingSearchRequest request) {
        var matches = index().search(request.queryEmbedding(), request.maxResults(), request.filter()).stream()
                .filter(match -> match.score() >= request.minScore()).toList();
        return new EmbeddingSearchResult<>(matches);
    }

    /** The collection's chunks as an index for repeated searches. */
    VectorIndex index() {
        List<String> ids = new ArrayList<>();
        List<TextSegment> segments = new ArrayList<>();
        List<float[]> vectors = new ArrayList<>();
        for (Row row : read()) {
            ids.add(row.id());
            segments.add(row.segment());
            vectors.add(row.vector());
        }
        return new VectorIndex(ids, segments, vectors);
    }

    private record Row(String id, TextSegment segment, float[] vector) {
    }

    private List<Row> read() {
        String sql = "SELECT id, text, metadata, vector FROM kb_chunks WHERE collection = ? ORDER BY source, id";
        List<Row> rows = new ArrayList<>();
        try (PreparedStatement select = connection.prepareStatement(sql)) {
            select.setString(1, collection);
            try (ResultSet result = select.executeQuery()) {
                while (result.next()) {
                    Map<String, Object> metadata = JSON.readValue(result.getString(3), new TypeReference<>() {});
                    rows.add(new Row(result.getString(1), TextSegment.from(result.getString(2), Metadata.from(metadata)),
                            VectorBytes.read(result.getBytes(4))));
                }
            }
        } catch (SQLException e) {
            throw new JdbcFailure(e);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
        return rows;
    }
}
