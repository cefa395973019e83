package dev.loupe.bench;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.store.embedding.EmbeddingSearchRequest;
import dev.langchain4j.store.embedding.filter.Filter;
import dev.langchain4j.store.embedding.inmemory.InMemoryEmbeddingStore;
import dev.loupe.kb.BundledGuide;
import dev.loupe.kb.Chunks;
import dev.loupe.kb.FileKnowledgeStore;
import dev.loupe.kb.KnowledgeBase;
import dev.loupe.kb.MiniLm;
import dev.loupe.kb.SourceRecord;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

import static dev.langchain4j.store.embedding.filter.MetadataFilterBuilder.metadataKey;

/**
 * Knowledge-base speed on this machine: ingest throughput (chunks per second through
 * {@code kb ingest}'s whole path — read, split, hash, MiniLM embedding, store) over a folder of
 * markdown made from the bundled guide, and search latency over a 10,000-chunk collection: the
 * whole {@code kb search} (query embedding + scan) and the scan alone, p50 and p95.
 *
 * <p>The 10,000 chunks carry the guide's real embeddings, each nudged by a little noise, so the
 * scan does the work a real collection of that size costs (search time does not depend on the text).
 * References run beside Loupe's figures, so the ratios hold on a busy machine: MiniLM's own
 * {@code embedAll} for ingest, langchain4j's {@code InMemoryEmbeddingStore.search} for the scan.
 *
 * <p>Usage: {@code java -cp target/loupe.jar dev.loupe.bench.KnowledgeBenchmark [FILES] [QUERIES]}
 */
public final class KnowledgeBenchmark {

    private static final int COLLECTION = 10_000;

    private KnowledgeBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int files = args.length > 0 ? Integer.parseInt(args[0]) : 8;
        int queries = args.length > 1 ? Integer.parseInt(args[1]) : 300;
        System.out.printf(Locale.ROOT, "cores %d, max heap %d MB%n", Runtime.getRuntime().availableProcessors(),
                Runtime.getRuntime().maxMemory() >> 20);
        long load = System.nanoTime();
        MiniLm.embed("warm up");
        System.out.printf(Locale.ROOT, "MiniLM load: %.2f s%n", (System.nanoTime() - load) / 1e9);
        ingest(files);
        search(queries);
    }

    private static void ingest(int files) throws Exception {
        List<TextSegment> passages = BundledGuide.passages();
        Path folder = Files.createTempDirectory("loupe-kb-bench");
        for (int f = 0; f < files; f++) {
            StringBuilder text = new StringBuilder("# File " + f + "\n\n");
            for (int p = 0; p < passages.size(); p++) {
                // A different word per file keeps every chunk's text, and so its embedding work, distinct.
                text.append(passages.get(p).text()).append(" (file ").append(f).append(")\n\n");
            }
            Files.writeString(folder.resolve("part-" + f + ".md"), text);
        }
        try (KnowledgeBase kb = new KnowledgeBase(FileKnowledgeStore.inMemory())) {
            long start = System.nanoTime();
            int chunks = kb.ingest("bench", List.of(folder), null).stream().mapToInt(o -> o.chunks()).sum();
            double seconds = (System.nanoTime() - start) / 1e9;
            System.out.printf(Locale.ROOT, "ingest: %d files, %d chunks (about %d characters each) in %.2f s: %.1f chunks/s%n",
                    files, chunks, passages.stream().mapToInt(p -> p.text().length()).sum() / passages.size(), seconds, chunks / seconds);
            // The reference: the same number of chunks through MiniLM alone, no reading, splitting, hashing or storing.
            List<TextSegment> bare = new ArrayList<>();
            for (int i = 0; i < chunks; i++) {
                bare.add(TextSegment.from(passages.get(i % passages.size()).text() + " (bare " + i + ")"));
            }
            start = System.nanoTime();
            MiniLm.embedAll(bare);
            double reference = (System.nanoTime() - start) / 1e9;
            System.out.printf(Locale.ROOT, "reference, MiniLM embedAll alone: %.1f chunks/s; ingest runs at %.2f× its rate%n",
                    chunks / reference, reference / seconds);
        }
    }

    private static void search(int queries) {
        List<TextSegment> passages = BundledGuide.passages();
        List<Embedding> embeddings = MiniLm.embedAll(passages);
        Random random = new Random(13);
        FileKnowledgeStore store = FileKnowledgeStore.inMemory();
        List<TextSegment> chunks = new ArrayList<>();
        List<Embedding> vectors = new ArrayList<>();
        for (int i = 0; i < COLLECTION; i++) {
            float[] vector = embeddings.get(i % embeddings.size()).vector().clone();
            for (int d = 0; d < vector.length; d++) {
                vector[d] += (float) (random.nextGaussian() * 0.02);
            }
            chunks.add(Chunks.of(passages.get(i % passages.size()).text(), "/bench/source-" + (i / 100) + ".md", "part " + i, "x"));
            vectors.add(Embedding.from(vector));
        }
        store.replaceSource("bench", new SourceRecord("/bench/all", "x", COLLECTION, Instant.now()), chunks, vectors);
        KnowledgeBase kb = new KnowledgeBase(store);
        String[] asked = {"my horizon is crooked", "how do I balance a heavy object on the left", "the background is too busy",
                "where should the subject go", "the sky is blown out", "how to show depth in a landscape"};
        Embedding query = MiniLm.embed(asked[0]);
        Filter oneSource = metadataKey(Chunks.SOURCE).containsString("source-42.md");
        InMemoryEmbeddingStore<TextSegment> reference = new InMemoryEmbeddingStore<>();
        reference.addAll(vectors, chunks);
        EmbeddingSearchRequest request = EmbeddingSearchRequest.builder().queryEmbedding(query).maxResults(3).build();
        for (int i = 0; i < 50; i++) {
            kb.search("bench", asked[i % asked.length], 3, null);
            store.search("bench", query, 3, null);
            store.search("bench", query, 3, oneSource);
            reference.search(request);
        }
        Figures figures = new Figures(queries);
        for (int i = 0; i < queries; i++) {
            // "+ i" makes every query new, so neither the query cache nor ONNX runtime has seen it.
            String fresh = asked[i % asked.length] + " " + i;
            figures.time("whole", () -> kb.search("bench", fresh, 3, null));
            figures.time("repeated", () -> kb.search("bench", asked[fresh.length() % asked.length], 3, null));
            figures.time("embed", () -> MiniLm.embed(fresh + " again"));
            figures.time("scan", () -> store.search("bench", query, 3, null));
            figures.time("filtered", () -> store.search("bench", query, 3, oneSource));
            figures.time("langchain4j", () -> reference.search(request));
        }
        System.out.printf(Locale.ROOT, "search over %,d chunks, %d queries (wall-clock p50 / p95 ms, load average %.1f):%n", COLLECTION,
                queries, ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        figures.print("whole search, new query (embed + scan)", "whole");
        figures.print("whole search, repeated query (cached embedding + scan)", "repeated");
        figures.print("query embedding alone (MiniLM)", "embed");
        figures.print("scan alone", "scan");
        figures.print("scan with a source filter (one file in 100)", "filtered");
        figures.print("reference, langchain4j InMemoryEmbeddingStore.search on the same chunks", "langchain4j");
        System.out.printf(Locale.ROOT, "Loupe's scan is %.1f× faster than InMemoryEmbeddingStore.search at p50, %.1f× at p95%n",
                figures.ratio("langchain4j", "scan", 0.5), figures.ratio("langchain4j", "scan", 0.95));
        System.out.printf(Locale.ROOT, "target p95 <= 10 ms: whole search with a new query %s (%.2f ms); scan %s (%.2f ms)%n",
                figures.percentile("whole", 0.95) <= 10 ? "MET" : "NOT MET", figures.percentile("whole", 0.95),
                figures.percentile("scan", 0.95) <= 10 ? "MET" : "NOT MET", figures.percentile("scan", 0.95));
    }
}
