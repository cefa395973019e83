package dev.loupe.eval.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loupe.Loupe;
import dev.loupe.core.LoupeException;
import dev.loupe.graph.GraphLocation;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * What a run measured, so that two runs' numbers can be told apart: the facade's graph fingerprint
 * (Loupe version, effective configuration hash, prompt and schema hashes, the model of every node,
 * tool versions) plus the hash of the graph file as it lies on disk. Results from runs with
 * different fingerprints measure different detectors.
 */
public final class RunFingerprint {

    private static final ObjectMapper JSON = new ObjectMapper();

    private RunFingerprint() {
    }

    /**
     * @param home  the folder the graph files were read from (bundled copies when it has none)
     * @param graph the graph's name, or the path of its file
     */
    public static ObjectNode of(Loupe loupe, Path home, String graph) {
        ObjectNode node = JSON.valueToTree(loupe.graph().fingerprint());
        String file;
        String text;
        try {
            GraphLocation location = GraphLocation.of(home, graph);
            file = location.relativePath();
            text = location.files().read(file);
        } catch (LoupeException e) {
            file = "graphs/" + graph + ".yaml";
            text = "";
        }
        node.putObject("graph_file").put("file", file).put("sha256", sha256(text));
        return node;
    }

    static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
